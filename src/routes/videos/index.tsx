import { createFileRoute } from '@tanstack/react-router'
import { resolveChannelId } from '@/api/queries/channels'
import { videoListQuery } from '@/api/queries/videos'
import { LibraryScreen } from '@/features/videos/library/library-screen'
import { librarySearchSchema } from '@/features/videos/library/library-search'
import { toFilters } from '@/lib/video-search'

export const Route = createFileRoute('/videos/')({
  validateSearch: librarySearchSchema,
  loaderDeps: ({ search }) => ({ search }),
  loader: async ({ context, deps, cause }) => {
    const channelId = await resolveChannelId(context.queryClient, deps.search.channel)
    // Searching or filtering on the screen: it keeps its results until the new ones arrive, so
    // nothing waits here (each keystroke would hold the screen back by a request).
    if (channelId && cause !== 'stay')
      await context.queryClient.ensureInfiniteQueryData(
        videoListQuery(channelId, toFilters(deps.search)),
      )
    return { channelId }
  },
  component: LibraryScreen,
})
