import { createFileRoute } from '@tanstack/react-router'
import { NewRuleScreen } from '@/features/rules/screens'
import { loadNewRule } from '@/features/rules/load-rules'

export const Route = createFileRoute('/rules/new')({
  codeSplitGroupings: [['loader', 'component']],
  loaderDeps: ({ search }) => ({ channel: search.channel }),
  loader: ({ context, deps }) => loadNewRule(context.queryClient, deps.channel),
  component: NewRuleScreen,
})
