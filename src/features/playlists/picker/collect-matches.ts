import { listVideos } from '@/api/generated/sdk.gen'
import { readPages } from '@/api/queries/cursor-pages'
import type { VideoFilters } from '@/api/queries/videos'

export interface CollectProgress {
  found: number
  /** The list's total_entries, when the service gives it. */
  total: number | null
}

// The largest page the service gives (document 1: page_size is clamped to 100).
const pageSize = 100

/**
 * Every video of the channel matching the filters, in the library's order, following
 * `links.next` verbatim until the service says there is no more.
 */
export async function collectMatches(
  channelId: string,
  filters: VideoFilters,
  onProgress: (progress: CollectProgress) => void,
  signal: AbortSignal,
): Promise<string[]> {
  const first = listVideos({
    query: { ...filters, channel_id: channelId, page_size: pageSize, fields: 'caption' },
    signal,
    throwOnError: true,
  }).then((response) => response.data)
  const pages = await readPages(first, signal, {
    onPage: (read) =>
      onProgress({
        found: read.reduce((count, page) => count + page.videos.length, 0),
        total: read.at(-1)?.pagination.total_entries ?? null,
      }),
  })
  return pages.flatMap((page) => page.videos.map((video) => video.id))
}
