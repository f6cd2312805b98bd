import { createFileRoute } from '@tanstack/react-router'
import { resolveChannelId } from '@/api/queries/channels'
import { videoListQuery } from '@/api/queries/videos'
import { LibraryScreen } from '@/features/videos/library/library-screen'
import { librarySearchSchema } from '@/features/videos/library/library-search'
import { toFilters } from '@/lib/video-search'

export const Route = createFileRoute('/videos/')({
  validateSearch: librarySearchSchema,
  loaderDeps: ({ search }) => ({ search }),
  loader: async ({ context, deps }) => {
    const channelId = await resolveChannelId(context.queryClient, deps.search.channel)
    if (channelId)
      await context.queryClient.ensureInfiniteQueryData(
        videoListQuery(channelId, toFilters(deps.search)),
      )
    return { channelId }
  },
  component: LibraryScreen,
})
