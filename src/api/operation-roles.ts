import { type OperationId, operations } from './operations.gen'
import { type Role, roleAllows } from './roles'

// Which role each operation of the contract needs: the dashboard server enforces it on every
// forwarded request, and the app reads it to show a role what it cannot do. Apart from roles.ts so
// the table loads only with the screens that ask.

type OperationRow = (typeof operations)[number]

// Stores and their catalogs belong to admins; everything else that changes something to editors.
const adminTags: ReadonlySet<string> = new Set(['business-stores', 'products'])

/**
 * The role an operation of the contract needs: reading (GET, or a `get…`/`list…` operation sent
 * as POST, such as download URLs for several videos) is for everyone.
 */
export function requiredRole(
  operation: Pick<OperationRow, 'operationId' | 'method' | 'tags'>,
): Role {
  if (operation.method === 'GET' || /^(get|list)[A-Z]/.test(operation.operationId)) return 'viewer'
  return operation.tags.some((tag) => adminTags.has(tag)) ? 'admin' : 'editor'
}

const requiredRoles = new Map<string, Role>(
  operations.map((operation) => [operation.operationId, requiredRole(operation)]),
)

export const requiredRoleOf = (operationId: OperationId): Role =>
  requiredRoles.get(operationId) ?? 'admin'

/** Whether `role` may perform the contract's operation `operationId`. */
export function roleMay(role: Role, operationId: OperationId): boolean {
  return roleAllows(role, requiredRoleOf(operationId))
}
