import { createFileRoute } from '@tanstack/react-router'
import { loadRule } from '@/features/rules/load-rules'
import { RuleScreen } from '@/features/rules/screens'

export const Route = createFileRoute('/rules/$ruleId')({
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context, params }) => loadRule(context.queryClient, params.ruleId),
  component: RuleScreen,
})
