import { createFileRoute } from '@tanstack/react-router'
import { resolveChannelId } from '@/api/queries/channels'
import { reviewQueueQuery } from '@/api/queries/matches'
import { ReviewScreen } from '@/features/matches/review-screen'
import { reviewSearchSchema } from '@/features/matches/review-search'

export const Route = createFileRoute('/matches')({
  validateSearch: reviewSearchSchema,
  loaderDeps: ({ search }) => ({ channel: search.channel }),
  loader: async ({ context, deps }) => {
    const channelId = (await resolveChannelId(context.queryClient, deps.channel)) ?? ''
    await context.queryClient.ensureQueryData(reviewQueueQuery(channelId))
    return { channelId }
  },
  component: ReviewScreen,
})
