import { noticesReadSchema } from '../../../src/api/notice-writes.ts'
import { readSmallForm } from '../auth/request-checks.ts'
import { type DashboardContext, raw, refuse } from '../http/context.ts'
import { sendError, sendJson } from '../http/json-response.ts'
import { createNotices, type NoticeReader } from './notices.ts'
import type { NoticeDb } from './tables.ts'

/**
 * `/api/dashboard/notices`: anyone signed in lists their notices (their own and, for an admin,
 * those to every admin) and marks them read. Marking read is one's own bookkeeping, changing
 * nothing others see, so it is not an audited change.
 */
export function createNoticeRoutes(db: NoticeDb) {
  const notices = createNotices(db)
  const signedIn = (handler: (reader: NoticeReader, c: DashboardContext) => Promise<void>) =>
    raw(async (_req, _res, c: DashboardContext) => {
      const principal = await c.var.principal()
      if (!principal) return refuse(c, 401, 'Sign in to use the dashboard')
      await handler(principal, c)
    })

  return {
    list: signedIn(async (reader, c) => {
      sendJson(c.env.outgoing, 200, await notices.list(reader))
    }),
    markRead: signedIn(async (reader, c) => {
      const body = await readSmallForm(c.env.incoming)
      const parsed = body ? noticesReadSchema.safeParse(body) : null
      if (!parsed?.success)
        return sendError(
          c.env.outgoing,
          400,
          'Send {"ids": [...]} (at most 100 notice ids) or {"all": true}',
        )
      const marked = await notices.markRead(reader, 'ids' in parsed.data ? parsed.data.ids : 'all')
      sendJson(c.env.outgoing, 200, { marked, ...(await notices.list(reader)) })
    }),
  }
}
