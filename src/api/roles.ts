import { type OperationId, operations } from './operations.gen'

export const roles = ['viewer', 'editor', 'admin'] as const
export type Role = (typeof roles)[number]

const rank: Record<Role, number> = { viewer: 0, editor: 1, admin: 2 }

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value)
}

/** Each role can do everything the roles below it can. */
export function roleAllows(role: Role, required: Role): boolean {
  return rank[role] >= rank[required]
}

export const roleDescriptions: Record<Role, string> = {
  viewer: 'Sees everything, changes nothing',
  editor: 'Videos, uploads, playlists, tagging and match review',
  admin: 'Everything, plus stores and catalog, accounts and the audit log',
}

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
