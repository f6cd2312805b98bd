import { createFileRoute } from '@tanstack/react-router'
import { reviewersQuery } from '@/api/queries/review'
import { periodSearchSchema } from '@/features/review-insights/insights-search'
import { ReviewersScreen } from '@/features/review-insights/reviewers-screen'

export const Route = createFileRoute('/review/reviewers')({
  // The loader comes with the screen, in the chunk loaded on the way here, not the first script.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: periodSearchSchema,
  loaderDeps: ({ search }) => ({ from: search.from, to: search.to }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(reviewersQuery(deps)),
  component: function ReviewersRoute() {
    return <ReviewersScreen period={Route.useSearch()} />
  },
})
