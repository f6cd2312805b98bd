import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { resolveChannelId } from '../../api/queries/channels'
import { LibraryScreen } from '../../features/videos/library/library-screen'
import { toFilters } from '../../features/videos/library/library-search'
import { videoListQuery } from '../../features/videos/queries'

// Every filter, the search and the view live in the URL, so a view can be bookmarked, shared and
// restored with Back. Invalid values fall back instead of failing the page.
const librarySearch = z.object({
  q: z.catch(z.optional(z.string().check(z.maxLength(200))), undefined),
  status: z.catch(z.optional(z.enum(['pending', 'approved', 'errored'])), undefined),
  access: z.catch(z.optional(z.enum(['public', 'private', 'unlisted'])), undefined),
  published: z.catch(z.optional(z.boolean()), undefined),
  archived: z.catch(z.optional(z.boolean()), undefined),
  hashtag: z.catch(z.optional(z.string().check(z.maxLength(100))), undefined),
  type: z.catch(z.optional(z.enum(['video', 'live_stream'])), undefined),
  view: z.catch(z.optional(z.enum(['grid', 'table'])), undefined),
})

export const Route = createFileRoute('/videos/')({
  validateSearch: librarySearch,
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
