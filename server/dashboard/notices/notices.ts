import { randomUUID } from 'node:crypto'
import type { Notice, NoticeList } from '../../../src/api/notices.ts'
import type { Role } from '../../../src/api/roles.ts'
import type { NoticeDb } from './tables.ts'

/** Who a notice is for: one account, or every admin (whoever is one when they read). */
export type NoticeAudience = { account: string } | 'admins'

export interface NewNotice {
  to: NoticeAudience
  kind: string
  title: string
  body: string
  /** A path in the app. */
  link?: string
}

/** Leaves a notice; other areas are given this by the composition root. */
export type Notify = (notice: NewNotice) => Promise<void>

export interface NoticeReader {
  id: string
  role: Role
}

const listed = 30
const caps = { kind: 100, title: 200, body: 2000, link: 1000 }
const capped = (text: string, cap: number) =>
  text.length > cap ? `${text.slice(0, cap - 1)}…` : text

export function createNotices(db: NoticeDb, now: () => Date = () => new Date()) {
  // The notices `reader` may read, with whether they did.
  const visible = (reader: NoticeReader) =>
    db
      .selectFrom('notices as n')
      .leftJoin('notice_reads as r', (join) =>
        join.onRef('r.notice_id', '=', 'n.id').on('r.account_id', '=', reader.id),
      )
      .where((eb) =>
        eb.or([
          eb.and([eb('n.audience', '=', 'account'), eb('n.account_id', '=', reader.id)]),
          ...(reader.role === 'admin' ? [eb('n.audience', '=', 'admins')] : []),
        ]),
      )

  async function markRead(reader: NoticeReader, ids: readonly string[] | 'all') {
    let unread = visible(reader).select('n.id').where('r.read_at', 'is', null)
    if (ids !== 'all') {
      if (ids.length === 0) return 0
      unread = unread.where('n.id', 'in', ids)
    }
    const rows = await unread.limit(1000).execute()
    if (rows.length === 0) return 0
    const read_at = now().toISOString()
    await db
      .insertInto('notice_reads')
      .values(rows.map((row) => ({ notice_id: row.id, account_id: reader.id, read_at })))
      .onConflict((conflict) => conflict.columns(['account_id', 'notice_id']).doNothing())
      .execute()
    return rows.length
  }

  return {
    notify: (async (notice) => {
      await db
        .insertInto('notices')
        .values({
          id: randomUUID(),
          audience: notice.to === 'admins' ? 'admins' : 'account',
          account_id: notice.to === 'admins' ? null : notice.to.account,
          kind: capped(notice.kind, caps.kind),
          title: capped(notice.title, caps.title),
          body: capped(notice.body, caps.body),
          link: notice.link ? capped(notice.link, caps.link) : null,
          created_at: now().toISOString(),
        })
        .execute()
    }) satisfies Notify,

    /** The newest notices for `reader`, and how many of theirs are unread. */
    async list(reader: NoticeReader): Promise<NoticeList> {
      const [rows, count] = await Promise.all([
        visible(reader)
          .select(['n.id', 'n.kind', 'n.title', 'n.body', 'n.link', 'n.created_at', 'r.read_at'])
          .orderBy('n.seq', 'desc')
          .limit(listed)
          .execute(),
        visible(reader)
          .select((eb) => eb.fn.countAll<number>().as('unread'))
          .where('r.read_at', 'is', null)
          .executeTakeFirst(),
      ])
      const notices: Notice[] = rows.map(({ read_at, ...row }) => ({
        ...row,
        read: read_at !== null,
      }))
      return { notices, unread: Number(count?.unread ?? 0) }
    },

    /** Marks some of `reader`'s notices read, or all of them; answers how many were unread. */
    markRead,
  }
}

export type Notices = ReturnType<typeof createNotices>
