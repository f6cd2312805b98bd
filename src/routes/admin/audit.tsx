import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { AuditScreen } from '@/features/admin/audit-screen'

const day = z.catch(z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined)
const auditSearch = z.object({
  account: z.catch(z.optional(z.string().check(z.maxLength(320))), undefined),
  operation: z.catch(z.optional(z.string().check(z.maxLength(100))), undefined),
  outcome: z.catch(z.optional(z.enum(['success', 'failure'])), undefined),
  from: day,
  to: day,
})

export const Route = createFileRoute('/admin/audit')({
  validateSearch: auditSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const { auditQuery } = await import('@/api/queries/admin')
    return context.queryClient.ensureInfiniteQueryData(auditQuery(deps))
  },
  component: function AuditRoute() {
    return <AuditScreen filters={Route.useSearch()} />
  },
})
