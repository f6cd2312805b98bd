import type { MiddlewareHandler } from 'hono'
import { whoCan } from '../../../src/api/operation-phrases.ts'
import { requiredRole } from '../../../src/api/operation-roles.ts'
import { type Role, roleAllows } from '../../../src/api/roles.ts'
import { matchOperation, operationsAt } from '../forwarding/operations.ts'
import { type DashboardEnv, refuse } from '../http/context.ts'

/**
 * Only a signed-in account whose role reaches `role` gets through; a refusal of a signed-in
 * person is noted for the audit log under `operation` (the route records what it changes).
 */
export function allow(role: Role, operation: string): MiddlewareHandler<DashboardEnv> {
  const gate: MiddlewareHandler<DashboardEnv> = async (c, next) => {
    const principal = await c.var.principal()
    if (!principal) return refuse(c, 401, 'Sign in to use the dashboard')
    if (!roleAllows(principal.role, role)) {
      c.set('audit', { operation })
      return refuse(c, 403, refusalFor(role))
    }
    await next()
  }
  gateRoles.set(gate, role)
  return gate
}

const gateRoles = new WeakMap<object, Role>()

/**
 * The role a route's handler lets through, if it is a gate made by `allow`: the route table
 * states who may use each route, and its tests read it from the table itself.
 */
export const roleOfGate = (handler: unknown): Role | undefined =>
  typeof handler === 'function' ? gateRoles.get(handler) : undefined

function refusalFor(role: Role): string {
  if (role === 'admin') return 'Admins can manage accounts and read the audit log'
  return role === 'editor' ? 'Editors can do this' : 'Everyone signed in can do this'
}

/**
 * The gate for `/api/v1/*`: only the contract's operations leave for the service (anything else
 * is refused here, before a connection is made), each only for the roles the contract's table
 * allows it.
 */
export function allowContractOperation(): MiddlewareHandler<DashboardEnv> {
  return async (c, next) => {
    const principal = await c.var.principal()
    if (!principal) return refuse(c, 401, 'Sign in to use the dashboard')
    const method = c.req.method
    const pathname = (c.env.incoming.url ?? '/').split('?', 1)[0] ?? '/'
    const operation = matchOperation(method, pathname)
    if (!operation) {
      c.set('audit', { operation: 'dashboard.unknownOperation' })
      const allowed = [...new Set(operationsAt(pathname).map((each) => each.method))]
      if (allowed.length === 0) return refuse(c, 404, 'The video service has no such operation')
      return refuse(c, 405, `${pathname} takes ${allowed.join(', ')}`, {
        Allow: allowed.join(', '),
      })
    }
    const needed = requiredRole(operation)
    if (needed !== 'viewer') c.set('audit', { operation: operation.operationId })
    if (!roleAllows(principal.role, needed)) {
      c.set('audit', { operation: operation.operationId })
      // The same words the app shows beside the control it disabled, so a refusal reads alike.
      return refuse(c, 403, whoCan(operation.operationId))
    }
    await next()
  }
}
