/**
 * Notices over HTTP, on SQLite and PostgreSQL: a notice to one account is that account's alone, a
 * notice to every admin is each admin's to read, and each person marks their own read.
 */
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { noticeListSchema } from '@/api/notices.ts'
import { areaMigrations } from '../../../server/dashboard/areas.ts'
import { type DashboardDb, openDashboardDb } from '../../../server/dashboard/db/database.ts'
import { createNotices, type Notices } from '../../../server/dashboard/notices/notices.ts'
import type { NoticeTables } from '../../../server/dashboard/notices/tables.ts'
import { send } from '../dashboard/http-client.ts'
import { bothDatabases } from '../support/both-databases.ts'
import { type Person, startViewsDashboard, type ViewsDashboard } from '../views/views-dashboard.ts'

const path = '/api/dashboard/notices'

describe.each(bothDatabases)('notices on $name', ({ start }) => {
  let database: Awaited<ReturnType<typeof start>>
  let dashboard: ViewsDashboard
  // The notices' writer, on its own connection to the dashboard's database, as the engine's is.
  let db: DashboardDb
  let notices: Notices
  const ids = {} as Record<Person, string>
  beforeAll(async () => {
    database = await start()
    dashboard = await startViewsDashboard(database.location)
    db = await openDashboardDb({ ...database.location, areas: areaMigrations })
    notices = createNotices(db.withTables<NoticeTables>())
    for (const who of ['ana', 'bo', 'admin', 'vic'] as const)
      ids[who] = (await dashboard.as(who, 'GET', '/auth/me')).json().id
  })
  afterAll(async () => {
    await db?.destroy()
    await dashboard?.close()
    await database?.stop()
  })

  const list = async (who: Person) => {
    const answer = await dashboard.as(who, 'GET', path)
    expect(answer.status).toBe(200)
    return v.parse(noticeListSchema, answer.json())
  }
  const read = (who: Person, body: unknown) => dashboard.as(who, 'POST', `${path}/read`, body)

  it('shows a notice to every admin to admins only, and each admin reads it on their own', async () => {
    await notices.notify({
      to: 'admins',
      kind: 'auto_accept.paused',
      title: 'Auto-accept paused itself',
      body: 'The audit measured 91.0% (lower bound 88.2%) against a target of 95%.',
      link: '/review/calibration',
    })
    const admin = await list('admin')
    expect(admin.unread).toBe(1)
    expect(admin.notices).toEqual([
      {
        id: expect.any(String),
        kind: 'auto_accept.paused',
        title: 'Auto-accept paused itself',
        body: 'The audit measured 91.0% (lower bound 88.2%) against a target of 95%.',
        link: '/review/calibration',
        created_at: expect.any(String),
        read: false,
      },
    ])
    for (const who of ['ana', 'vic'] as const)
      expect(await list(who)).toEqual({ notices: [], unread: 0 })

    // An editor naming the admins' notice marks nothing: it is not theirs.
    const id = admin.notices[0]?.id ?? ''
    expect((await read('ana', { ids: [id] })).json().marked).toBe(0)
    expect((await list('admin')).unread).toBe(1)

    const marked = await read('admin', { ids: [id] })
    expect(marked.status).toBe(200)
    expect(marked.json()).toMatchObject({ marked: 1, unread: 0 })
    expect((await list('admin')).notices[0]?.read).toBe(true)
  })

  it("keeps a notice to one account that account's, and marks all of one's own read at once", async () => {
    for (const title of ['First', 'Second'])
      await notices.notify({ to: { account: ids.ana }, kind: 'rule', title, body: 'Body' })
    const ana = await list('ana')
    expect(ana.notices.map((notice) => notice.title)).toEqual(['Second', 'First'])
    expect(ana.unread).toBe(2)
    expect((await list('bo')).notices).toEqual([])
    expect((await list('admin')).unread).toBe(0)

    expect((await read('ana', { all: true })).json()).toMatchObject({ marked: 2, unread: 0 })
    expect((await read('ana', { all: true })).json().marked).toBe(0)
  })

  it('refuses a body that names no notices, and anyone signed out', async () => {
    const bad = await read('ana', { ids: 'all' })
    expect(bad.status).toBe(400)
    expect(bad.json().error).toMatch(/"all": true/)
    expect((await send(dashboard.url, path)).status).toBe(401)
  })
})
