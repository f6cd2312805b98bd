import { createHash } from 'node:crypto'
import type { SessionStore } from '../auth/sessions.ts'
import type { Log } from '../ops/logger.ts'
import type { StreamEnd } from './event-hub.ts'

/** What replicas call a session when they tell each other it ended: never its id. */
export const sessionKeyOf = (sessionId: string) =>
  createHash('sha256').update(sessionId).digest('base64url')

export interface SessionEndsOptions {
  /** Ends this replica's open streams of a session or an account. */
  endStreams: (which: StreamEnd) => void
  /** Tells the other replicas (`REDIS_URL`); rejects if it could not. */
  announce?: (which: StreamEnd) => Promise<void>
  log: Log
}

// The session store as sign-in, sign-out and the admin routes use it: a session that ends (signed
// out, out everywhere, its account deactivated, replaced at the next sign-in) ends its open event
// streams at once, here and on the other replicas. A replica that misses the announcement still
// ends them when it next checks the session (session-streams.ts).
export function endStreamsWithSessions(
  sessions: SessionStore,
  options: SessionEndsOptions,
): SessionStore {
  async function ended(which: StreamEnd) {
    options.endStreams(which)
    await options.announce?.(which).catch((error: unknown) => {
      options.log('live: the other replicas were not told a session ended', {
        error: String(error),
      })
    })
  }
  return {
    lifetimes: sessions.lifetimes,
    create: (accountId) => sessions.create(accountId),
    get: (id) => sessions.get(id),
    peek: (id) => sessions.peek(id),
    async delete(id) {
      await sessions.delete(id)
      await ended({ sessionKey: sessionKeyOf(id) })
    },
    // A kept session's streams end too, and reconnect at once: it is the rare case (a password
    // change), and one rule keeps the replicas' messages simple.
    async deleteAllFor(accountId, keptSessionId) {
      await sessions.deleteAllFor(accountId, keptSessionId)
      await ended({ accountId })
    },
  }
}
