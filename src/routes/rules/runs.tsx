import { createFileRoute } from '@tanstack/react-router'
import { loadRuns } from '@/features/rules/load-rules'
import { runsSearchSchema } from '@/features/rules/rules-search'
import { RunsScreen } from '@/features/rules/screens'

export const Route = createFileRoute('/rules/runs')({
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: runsSearchSchema,
  loaderDeps: ({ search }) => ({ rule: search.rule, video: search.video, outcome: search.outcome }),
  loader: ({ context, deps }) => loadRuns(context.queryClient, deps),
  component: function RunsRoute() {
    return <RunsScreen search={Route.useSearch()} />
  },
})
