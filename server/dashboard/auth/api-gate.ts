import type { IncomingMessage, ServerResponse } from 'node:http'
import { requiredRole, roleMay } from '../../../src/api/operation-roles.ts'
import type { RequestHandler } from '../api-forwarder.ts'
import { sendError } from '../json-response.ts'
import { matchOperation, operationsAt } from '../operations.ts'
import type { AuditLog } from './audit-log.ts'
import type { Principal } from './sign-in-routes.ts'

/**
 * Only the contract's operations leave for the service (anything else is refused here, before a
 * connection is made), each only for the roles allowed it, and every write is recorded with who
 * made it and how it ended.
 */
export function createApiGate(audit: AuditLog, log: (message: string) => void) {
  return async function gate(
    req: IncomingMessage,
    res: ServerResponse,
    principal: Principal,
    forward: RequestHandler,
  ) {
    const method = req.method ?? 'GET'
    const pathname = (req.url ?? '/').split('?', 1)[0] ?? '/'
    const operation = matchOperation(method, pathname)
    if (!operation) {
      const allowed = [...new Set(operationsAt(pathname).map((each) => each.method))]
      if (allowed.length === 0)
        return sendError(res, 404, 'The video service has no such operation')
      return sendError(res, 405, `${pathname} takes ${allowed.join(', ')}`, {
        Allow: allowed.join(', '),
      })
    }
    const writes = requiredRole(operation) !== 'viewer'
    const record = (status: number) => {
      if (!writes) return
      audit
        .record({
          account_id: principal.id,
          account_email: principal.email,
          operation: operation.operationId,
          method,
          path: pathname,
          status,
        })
        .catch((error: unknown) =>
          log(`audit: ${operation.operationId} by ${principal.email} not recorded: ${error}`),
        )
    }
    if (!roleMay(principal.role, operation.operationId)) {
      record(403)
      return sendError(
        res,
        403,
        `As ${principal.role === 'viewer' ? 'a viewer' : `an ${principal.role}`} you cannot do this (${operation.operationId}): ask an admin`,
      )
    }
    // 499: the browser went away before the answer was sent.
    res.once('close', () => record(res.headersSent ? res.statusCode : 499))
    return forward(req, res)
  }
}
