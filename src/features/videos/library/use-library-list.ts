import { type InfiniteData, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { IndexedVideo, IndexedVideoFilter, IndexedVideoPage } from '@/api/merch-index'
import { indexedVideosQuery } from '@/api/queries/indexed-videos'
import { type LibraryVideo, videoListQuery } from '@/api/queries/videos'
import { toFilters } from '@/lib/video-search'
import { indexFilterOf, type LibrarySearch } from './library-search'

const noIndexFilter: IndexedVideoFilter = { products: [], match: 'any', untagged: false }

const asLibraryVideo = (video: IndexedVideo, now: number): LibraryVideo => ({
  ...video,
  is_published: video.published_at !== null && Date.parse(video.published_at) <= now,
})

// The index's pages in the shape of the service's list, so one grid, table and selection serve
// both (and its freshness, which the screen shows beside the answer).
const indexedLibrary = (data: InfiniteData<IndexedVideoPage, string | null>) => {
  const now = Date.now()
  return {
    videos: data.pages.flatMap((page) => page.videos.map((video) => asLibraryVideo(video, now))),
    total: data.pages[0]?.pagination.total_entries ?? 0,
    hasMore: data.pages.at(-1)?.pagination.cursor != null,
    index: data.pages[0]?.index,
  }
}

/**
 * The library's list for its search: the service's, or the index's when the search asks what
 * only the index answers. Each keeps the list shown until the new one arrives, and a list no
 * longer wanted has its request cancelled (the query's signal).
 */
export function useLibraryList(channelId: string, search: LibrarySearch) {
  const filters = useMemo(() => toFilters(search), [search])
  const indexFilter = useMemo(() => indexFilterOf(search), [search])
  const service = useInfiniteQuery({
    ...videoListQuery(channelId, filters),
    placeholderData: keepPreviousData,
    enabled: indexFilter === null,
  })
  const indexed = useInfiniteQuery({
    ...indexedVideosQuery(channelId, indexFilter ?? noIndexFilter),
    select: indexedLibrary,
    placeholderData: keepPreviousData,
    enabled: indexFilter !== null,
  })
  const list = indexFilter ? indexed : service
  return {
    data: list.data,
    index: indexFilter ? indexed.data?.index : undefined,
    error: indexFilter ? indexed.error : null,
    fetchNextPage: list.fetchNextPage,
    isFetchingNextPage: list.isFetchingNextPage,
    isPlaceholderData: list.isPlaceholderData,
    filtered: Object.keys(filters).length > 0 || indexFilter !== null,
    filters,
    indexFilter,
  }
}
