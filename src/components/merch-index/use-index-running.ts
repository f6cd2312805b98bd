import { useQuery } from '@tanstack/react-query'
import { indexStatusQuery } from '@/api/queries/merch-index'

/**
 * Whether this dashboard server keeps the merchandising index: true or false once its status
 * has answered (false when it could not), undefined until then. Screens ask the index nothing
 * until it is true, so a server without one sees no request it would refuse.
 */
export function useIndexRunning(): boolean | undefined {
  const status = useQuery(indexStatusQuery())
  if (status.isError) return false
  return status.data ? status.data.state !== 'off' : undefined
}
