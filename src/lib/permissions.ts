import { useQuery } from '@tanstack/react-query'
import { whoCan } from '@/api/operation-phrases'
import { roleMay } from '@/api/operation-roles'
import type { OperationId } from '@/api/operations.gen'
import { meQuery } from '@/api/queries/session'

export interface Permission {
  allowed: boolean
  /** Why not, in plain words naming the role that can ("Editors can reorder playlists"). */
  reason: string | undefined
}

/**
 * Whether the signed-in account may perform a contract operation; the dashboard server enforces
 * the same table and refuses with the same words, so this only spares people a refusal.
 */
export function usePermission(operationId: OperationId): Permission {
  const { data: me } = useQuery(meQuery())
  if (!me || roleMay(me.role, operationId)) return { allowed: true, reason: undefined }
  return { allowed: false, reason: whoCan(operationId) }
}
