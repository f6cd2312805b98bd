import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { AuditScreen } from '@/features/admin/audit-screen'
import { boundedText, dayParam, optionalParam } from '@/lib/search-params'

const auditSearch = v.object({
  account: optionalParam(boundedText(320)),
  operation: optionalParam(boundedText(100)),
  outcome: optionalParam(v.picklist(['success', 'failure'])),
  from: dayParam,
  to: dayParam,
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
