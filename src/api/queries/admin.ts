import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { accountsSchema, auditPageSchema, dashboardApi } from '../dashboard-api'

export interface AuditFilters {
  account?: string
  operation?: string
  outcome?: 'success' | 'failure'
  from?: string
  to?: string
}

export const adminKeys = {
  all: ['admin'] as const,
  accounts: () => [...adminKeys.all, 'accounts'] as const,
  audit: (filters: AuditFilters) => [...adminKeys.all, 'audit', filters] as const,
}

export const accountsQuery = () =>
  queryOptions({
    queryKey: adminKeys.accounts(),
    queryFn: ({ signal }) =>
      dashboardApi('/auth/accounts', { signal, schema: accountsSchema }).then(
        (body) => body.accounts,
      ),
  })

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString()

/**
 * The filters as the server reads them, for the list and the CSV export alike. `from` and `to`
 * are days (UTC); the server compares instants, so `to` takes in its whole day.
 */
export function auditSearch(filters: AuditFilters, before?: number): string {
  const params = new URLSearchParams()
  const { from, to, ...rest } = filters
  for (const [name, value] of Object.entries(rest)) if (value) params.set(name, value)
  if (from) params.set('from', `${from}T00:00:00.000Z`)
  if (to) params.set('to', nextDay(to))
  if (before) params.set('before', String(before))
  return params.toString()
}

export const auditQuery = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: adminKeys.audit(filters),
    queryFn: ({ signal, pageParam }) =>
      dashboardApi(`/auth/audit?${auditSearch(filters, pageParam)}`, {
        signal,
        schema: auditPageSchema,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  })
