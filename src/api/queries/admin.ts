import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { dashboardApi } from '../dashboard-api'
import { roles } from '../roles'

// Answers of the dashboard's own admin API (/auth/accounts, /auth/audit, /auth/invites).
export const accountSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(roles),
  created_at: z.string(),
  deactivated_at: z.nullable(z.string()),
})
export type Account = z.infer<typeof accountSchema>

export const auditEntrySchema = z.object({
  id: z.string(),
  seq: z.number(),
  at: z.string(),
  account_email: z.string(),
  operation: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number(),
  /** Refused sign-ins are summarised: one row per attempted address and minute. */
  count: z.number(),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  next: z.nullable(z.number()),
})
export const accountsSchema = z.object({ accounts: z.array(accountSchema) })
export const inviteSchema = z.object({
  email: z.string(),
  role: z.enum(roles),
  expiresAt: z.string(),
})
export const createdInviteSchema = z.extend(inviteSchema, { link: z.string() })
/** An invitation not used yet; its token is never listed, only the id that revokes it. */
export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(roles),
  createdBy: z.nullable(z.string()),
  createdAt: z.string(),
  expiresAt: z.string(),
})
export type Invitation = z.infer<typeof invitationSchema>
export const invitationsSchema = z.object({ invitations: z.array(invitationSchema) })

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
  invitations: () => [...adminKeys.all, 'invitations'] as const,
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

export const invitationsQuery = () =>
  queryOptions({
    queryKey: adminKeys.invitations(),
    queryFn: ({ signal }) =>
      dashboardApi('/auth/invites', { signal, schema: invitationsSchema }).then(
        (body) => body.invitations,
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
