import { createFileRoute } from '@tanstack/react-router'
import { CoverageScreen } from '@/features/coverage/coverage-screen'
import { coverageSearchSchema } from '@/features/coverage/coverage-search'

export const Route = createFileRoute('/coverage')({
  validateSearch: coverageSearchSchema,
  component: function CoverageRoute() {
    return <CoverageScreen search={Route.useSearch()} />
  },
})
