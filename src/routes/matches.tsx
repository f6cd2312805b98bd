import { createFileRoute } from '@tanstack/react-router'
import { resolveChannelId } from '@/api/queries/channels'
import { ReviewScreen } from '@/features/matches/review-screen'
import { reviewSearchSchema } from '@/features/matches/review-search'

export const Route = createFileRoute('/matches')({
  validateSearch: reviewSearchSchema,
  loaderDeps: ({ search }) => ({ channel: search.channel }),
  loader: async ({ context, deps }) => {
    // The review's queries load beside the channel, not with every first screen.
    const [channel, { reviewQueueQuery }] = await Promise.all([
      resolveChannelId(context.queryClient, deps.channel),
      import('@/api/queries/matches'),
    ])
    const channelId = channel ?? ''
    await context.queryClient.ensureQueryData(reviewQueueQuery(channelId))
    return { channelId }
  },
  component: ReviewScreen,
})
