import { type InfiniteData, infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { followLink } from '../client'
import { getVideo, getVideoDownload, listSubtitles, listVideos } from '../generated/sdk.gen'
import type { ListVideosData, VideoList } from '../generated/types.gen'
import { fullVideo, type VideoField, type VideoWith, withFields } from '../video-fields'

export type VideoFilters = Omit<
  NonNullable<ListVideosData['query']>,
  'channel_id' | 'after' | 'before' | 'page_size' | 'fields'
>

// The library asks only for what its cards and rows show (sparse fields, document 1 section 2.1).
export const libraryFields = [
  'caption',
  'thumbnail_url',
  'published_at',
  'is_published',
  'archived_at',
  'access',
  'duration',
  'hashtags',
  'product_ids',
] as const satisfies readonly VideoField[]

export type LibraryVideo = VideoWith<(typeof libraryFields)[number]>

export const videoKeys = {
  all: ['videos'] as const,
  lists: () => [...videoKeys.all, 'list'] as const,
  list: (channelId: string, filters: VideoFilters) =>
    [...videoKeys.lists(), channelId, filters] as const,
  details: () => [...videoKeys.all, 'detail'] as const,
  detail: (id: string) => [...videoKeys.details(), id] as const,
  // Under the video's detail key, so deleting the video drops it too.
  download: (id: string) => [...videoKeys.detail(id), 'download'] as const,
  summary: (id: string) => [...videoKeys.detail(id), 'summary'] as const,
  subtitles: (id: string) => [...videoKeys.detail(id), 'subtitles'] as const,
  track: (id: string, subtitleId: string) => [...videoKeys.subtitles(id), subtitleId] as const,
  matches: (id: string) => [...videoKeys.detail(id), 'matches'] as const,
  /**
   * The key of a mutation changing the video (a review's submit): while one is pending, a live
   * event about the video marks what is read under it stale rather than reading it again.
   */
  change: (id: string) => [...videoKeys.detail(id), 'change'] as const,
  // Every channel's review queue (videos with pending AI matches), under the lists.
}

export const libraryPageSize = 24

/** One page of a library list, as its query holds it. */
export type LibraryPage = Omit<VideoList, 'videos'> & { videos: LibraryVideo[] }

/** One video with the fields a library list holds (a live change to a video a list shows). */
export const fetchLibraryVideo = (id: string) =>
  getVideo({
    path: { video_id: id },
    query: { fields: libraryFields.join(',') },
    throwOnError: true,
  }).then((response) => withFields(response.data, libraryFields))

// One function for every list, so a screen rendering again does not make its list again.
const libraryList = (data: InfiniteData<LibraryPage, string | null>) => ({
  videos: data.pages.flatMap((page) => page.videos),
  total: data.pages[0]?.pagination.total_entries ?? 0,
  hasMore: data.pages.at(-1)?.links.next != null,
})

export const videoListQuery = (channelId: string, filters: VideoFilters) =>
  infiniteQueryOptions({
    queryKey: videoKeys.list(channelId, filters),
    queryFn: async ({ pageParam, signal }): Promise<LibraryPage> => {
      const page = pageParam
        ? await followLink<VideoList>(pageParam, signal)
        : await listVideos({
            query: {
              ...filters,
              channel_id: channelId,
              page_size: libraryPageSize,
              fields: libraryFields.join(','),
            },
            signal,
            throwOnError: true,
          }).then((response) => response.data)
      return { ...page, videos: page.videos.map((video) => withFields(video, libraryFields)) }
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.links.next,
    select: libraryList,
  })

export const videoQuery = (id: string) =>
  queryOptions({
    queryKey: videoKeys.detail(id),
    queryFn: ({ signal }) =>
      getVideo({ path: { video_id: id }, signal, throwOnError: true }).then((response) =>
        fullVideo(response.data),
      ),
  })

// The Video record has no playable address; the download record's CDN file is one, when the
// business's plan includes content_download and the video is processed.
export const videoDownloadQuery = (videoId: string) =>
  queryOptions({
    queryKey: videoKeys.download(videoId),
    queryFn: ({ signal }) =>
      getVideoDownload({ path: { video_id: videoId }, signal, throwOnError: true }).then(
        (response) => response.data,
      ),
    staleTime: 10 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  })

// What a row about a video shows elsewhere (a playlist, a picker): its look and whether the public
// sees it. A video that has never been processed has no duration.
export const summaryFields = [
  'caption',
  'thumbnail_url',
  'duration',
  'published_at',
  'is_published',
  'archived_at',
  'access',
] as const satisfies readonly VideoField[]

export type VideoSummary = VideoWith<(typeof summaryFields)[number]>

export const videoSummaryQuery = (id: string) =>
  queryOptions({
    queryKey: videoKeys.summary(id),
    queryFn: ({ signal }) =>
      getVideo({
        path: { video_id: id },
        query: { fields: summaryFields.join(',') },
        signal,
        throwOnError: true,
      }).then((response) => withFields(response.data, summaryFields)),
    staleTime: 60_000,
  })

/** The video's subtitle tracks, oldest first (assumed list endpoint). */
export const subtitleListQuery = (videoId: string) =>
  queryOptions({
    queryKey: videoKeys.subtitles(videoId),
    queryFn: ({ signal }) =>
      listSubtitles({ path: { video_id: videoId }, signal, throwOnError: true }).then(
        (response) => response.data.subtitles,
      ),
  })
