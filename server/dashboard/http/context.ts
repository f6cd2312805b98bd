import type { IncomingMessage, ServerResponse } from 'node:http'
import type { HttpBindings } from '@hono/node-server'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import type { Context, Handler } from 'hono'
import type { Principal } from '../auth/sign-in-routes.ts'
import { sendError } from './json-response.ts'

/** What the audit middleware records for a request, once its answer is known. */
export interface AuditNote {
  operation: string
  /** Who, when the request names someone other than the signed-in account (a sign-in attempt). */
  actor?: { id: string; email: string }
  /** Refused attempts sharing this key in a minute are one row with a count (a client's address). */
  summarise?: string
}

export type DashboardEnv = {
  Bindings: HttpBindings
  Variables: {
    /** The signed-in account behind the request, read from its session cookie on first ask. */
    principal: () => Promise<Principal | null>
    /** Set by a route (or a refusal) for the audit log. */
    audit: AuditNote
  }
}

export type DashboardContext = Context<DashboardEnv>

/**
 * Most handlers speak Node's own request and response: a forwarded upload streams through, an
 * event stream stays open, a webhook is verified on its raw bytes. Hono routes to them and
 * leaves the answer to them.
 */
export function raw(
  handler: (req: IncomingMessage, res: ServerResponse, c: DashboardContext) => unknown,
): Handler<DashboardEnv> {
  return async (c) => {
    await handler(c.env.incoming, c.env.outgoing, c)
    return RESPONSE_ALREADY_SENT
  }
}

/** The request's URL as the client sent it, on a placeholder origin. */
export const requestUrl = (req: IncomingMessage) =>
  new URL(req.url ?? '/', 'http://dashboard.invalid')

/** Answers with the dashboard's JSON error body (`{error}`, no-store), as every refusal does. */
export function refuse(
  c: DashboardContext,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  sendError(c.env.outgoing, status, message, headers)
  return RESPONSE_ALREADY_SENT
}
