import { createFileRoute } from '@tanstack/react-router'
import { loadNewRule } from '@/features/rules/load-rules'
import { NewRuleScreen } from '@/features/rules/screens'

export const Route = createFileRoute('/rules/new')({
  codeSplitGroupings: [['loader', 'component']],
  loaderDeps: ({ search }) => ({ channel: search.channel }),
  loader: ({ context, deps }) => loadNewRule(context.queryClient, deps.channel),
  component: NewRuleScreen,
})
