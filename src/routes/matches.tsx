import { createFileRoute } from '@tanstack/react-router'
import { loadReview } from '@/features/matches/load-review'
import { ReviewScreen } from '@/features/matches/review-screen'
import { reviewSearchSchema } from '@/features/matches/review-search'

export const Route = createFileRoute('/matches')({
  validateSearch: reviewSearchSchema,
  loaderDeps: ({ search }) => ({
    channel: search.channel,
    order: search.order ?? null,
    below: search.below ?? false,
  }),
  loader: ({ context, deps }) => loadReview(context.queryClient, deps),
  component: ReviewScreen,
})
