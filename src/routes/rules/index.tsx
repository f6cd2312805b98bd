import { createFileRoute } from '@tanstack/react-router'
import { loadRules } from '@/features/rules/load-rules'
import { RulesScreen } from '@/features/rules/screens'

export const Route = createFileRoute('/rules/')({
  // The loader comes with the screen, in one chunk: nothing of the rules (their queries, zod's
  // full build) is in the scripts every first screen loads.
  codeSplitGroupings: [['loader', 'component']],
  loaderDeps: ({ search }) => ({ channel: search.channel }),
  loader: ({ context, deps }) => loadRules(context.queryClient, deps.channel),
  component: RulesScreen,
})
