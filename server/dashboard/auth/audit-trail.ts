import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import type { MiddlewareHandler } from 'hono'
import type { DashboardEnv } from '../http/context.ts'
import type { Log } from '../ops/logger.ts'
import type { AuditLog } from './audit-log.ts'

/**
 * Records what the layers inside decided, once the answer is known: every change made through
 * the dashboard and every refusal of a signed-in person, with who, what, where and the status.
 * A streamed answer is recorded when it ends (499: the browser went away before it was sent).
 */
export function auditTrail(audit: AuditLog, log: Log) {
  const middleware: MiddlewareHandler<DashboardEnv> = async (c, next) => {
    await next()
    const note = c.get('audit')
    if (!note) return
    const actor = note.actor ?? (await c.var.principal())
    if (!actor) return
    const res = c.env.outgoing
    const entry = (status: number) => ({
      account_id: actor.id,
      account_email: actor.email,
      operation: note.operation,
      method: c.req.method,
      path: c.req.path,
      status,
      ...(note.summarise ? { summarise: note.summarise } : {}),
    })
    const failed = (error: unknown) =>
      log('audit: an entry was not recorded', {
        operation: note.operation,
        email: actor.email,
        error: String(error),
      })
    if (c.res !== RESPONSE_ALREADY_SENT) return audit.record(entry(c.res.status)).catch(failed)
    if (res.headersSent) return audit.record(entry(res.statusCode)).catch(failed)
    res.once('close', () => {
      audit.record(entry(res.headersSent ? res.statusCode : 499)).catch(failed)
    })
  }
  return middleware
}

/**
 * Notes the request for the audit trail under `operation`, with the signed-in account read
 * before the handler runs (signing out ends the session the trail would otherwise read).
 */
export function audited(operation: string): MiddlewareHandler<DashboardEnv> {
  return async (c, next) => {
    await c.var.principal()
    c.set('audit', { operation })
    await next()
  }
}
