import type { IncomingMessage, ServerResponse } from 'node:http'
import type { SessionStore } from '../auth/sessions.ts'
import type { Principal } from '../auth/sign-in-routes.ts'
import type { Log } from '../ops/logger.ts'
import type { EventHub } from './event-hub.ts'
import { sessionKeyOf } from './session-ends.ts'

export interface SessionStreamsOptions {
  hub: EventHub
  sessions: Pick<SessionStore, 'peek'>
  log: Log
  now?: () => number
  /**
   * An open stream checks its session at least this often, besides at its expiry, in case an
   * announcement that it ended was lost (Redis pub/sub delivers at most once); default 1 minute.
   */
  recheckMs?: number
}

// GET /events for a signed-in principal: the stream belongs to its session, and ends when the
// session does. Sign-outs end it at once (session-ends.ts); expiry is found by a timer at the time
// the session ends unless used, which looks at it without using it, since an open stream is not
// someone using the dashboard.
export function createSessionStreams(options: SessionStreamsOptions) {
  const now = options.now ?? Date.now
  const recheckMs = options.recheckMs ?? 60_000

  return {
    async handle(
      req: IncomingMessage,
      res: ServerResponse,
      principal: Pick<Principal, 'id' | 'sessionId'>,
    ) {
      const owner = { accountId: principal.id, sessionKey: sessionKeyOf(principal.sessionId) }
      if (!options.hub.handle(req, res, owner)) return
      let timer: ReturnType<typeof setTimeout> | undefined
      res.once('close', () => clearTimeout(timer))
      // Checked once the stream is registered, so a sign-out racing this request is never missed.
      const check = async () => {
        const session = await options.sessions.peek(principal.sessionId).catch((error: unknown) => {
          options.log("live: a stream's session could not be checked", { error: String(error) })
          return 'unknown' as const
        })
        if (res.closed || res.writableEnded) return
        if (session === null) return options.hub.endStream(res)
        const due = session === 'unknown' ? recheckMs : session.expiresAt - now()
        timer = setTimeout(check, Math.max(0, Math.min(due, recheckMs)))
        timer.unref()
      }
      await check()
    },
  }
}

export type SessionStreams = ReturnType<typeof createSessionStreams>
