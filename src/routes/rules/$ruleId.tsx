import { createFileRoute } from '@tanstack/react-router'
import { RuleScreen } from '@/features/rules/screens'
import { loadRule } from '@/features/rules/load-rules'

export const Route = createFileRoute('/rules/$ruleId')({
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context, params }) => loadRule(context.queryClient, params.ruleId),
  component: RuleScreen,
})
