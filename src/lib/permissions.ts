import { useQuery } from '@tanstack/react-query'
import { requiredRoleOf, roleMay } from '@/api/operation-roles'
import type { OperationId } from '@/api/operations.gen'
import { meQuery } from '@/api/queries/session'
import type { Role } from '@/api/roles'

const article = (role: Role) => (role === 'viewer' ? 'a viewer' : `an ${role}`)

export interface Permission {
  allowed: boolean
  /** Why not, in plain words, to show beside what is disabled. */
  reason: string | undefined
}

/**
 * Whether the signed-in account may perform a contract operation; the dashboard server enforces
 * the same table, so this only spares people a refusal.
 */
export function usePermission(operationId: OperationId): Permission {
  const { data: me } = useQuery(meQuery())
  if (!me || roleMay(me.role, operationId)) return { allowed: true, reason: undefined }
  const needed = requiredRoleOf(operationId)
  return {
    allowed: false,
    reason: `You are ${article(me.role)}: this needs ${article(needed)}. Ask an admin to change your role.`,
  }
}
