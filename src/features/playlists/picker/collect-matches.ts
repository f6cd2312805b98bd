import { followLink } from '@/api/client'
import { listVideos } from '@/api/generated/sdk.gen'
import type { VideoList } from '@/api/generated/types.gen'
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
  const ids: string[] = []
  let page: VideoList = await listVideos({
    query: { ...filters, channel_id: channelId, page_size: pageSize, fields: 'caption' },
    signal,
    throwOnError: true,
  }).then((response) => response.data)
  for (;;) {
    ids.push(...page.videos.map((video) => video.id))
    onProgress({ found: ids.length, total: page.pagination.total_entries ?? null })
    const next = page.links.next
    if (!next) return ids
    page = await followLink<VideoList>(next, signal)
  }
}
