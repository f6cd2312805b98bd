import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query'
import { getPlaylist, listPlaylists, listPlaylistVideos } from '../generated/sdk.gen'
import type { ListPlaylistsData } from '../generated/types.gen'
import { withFields } from '../video-fields'
import { cursorPages } from './cursor-pages'
import { libraryFields, summaryFields, videoKeys } from './videos'

// Playlists are read by the playlists area and by the library ("Add to playlist"), so their query
// options live below the features.

export type PlaylistFilters = Pick<NonNullable<ListPlaylistsData['query']>, 'q' | 'archived'>

export const playlistKeys = {
  all: ['playlists'] as const,
  lists: () => [...playlistKeys.all, 'list'] as const,
  list: (channelId: string, filters: PlaylistFilters) =>
    [...playlistKeys.lists(), channelId, filters] as const,
  details: () => [...playlistKeys.all, 'detail'] as const,
  detail: (id: string) => [...playlistKeys.details(), id] as const,
  // Under the playlist's detail key, so a change to the playlist refreshes its public view too.
  publicVideosOf: (id: string) => [...playlistKeys.detail(id), 'public'] as const,
  publicVideos: (id: string, page: number) => [...playlistKeys.publicVideosOf(id), page] as const,
  summaries: (id: string) => [...playlistKeys.detail(id), 'summaries'] as const,
  summaryPage: (id: string, archived: boolean, page: number) =>
    [...playlistKeys.summaries(id), archived, page] as const,
}

export const playlistPageSize = 25

/** A channel's playlists, newest first, following `links.next` verbatim. */
export const playlistListQuery = (channelId: string, filters: PlaylistFilters) =>
  infiniteQueryOptions({
    queryKey: playlistKeys.list(channelId, filters),
    ...cursorPages((signal) =>
      listPlaylists({
        query: { ...filters, channel_id: channelId, page_size: playlistPageSize },
        signal,
        throwOnError: true,
      }).then((response) => response.data),
    ),
    select: (data) => ({
      playlists: data.pages.flatMap((page) => page.playlists),
      hasMore: data.pages.at(-1)?.links.next != null,
    }),
  })

/** One playlist with its whole stored order, videos the feed hides included (assumed endpoint). */
export const playlistQuery = (id: string) =>
  queryOptions({
    queryKey: playlistKeys.detail(id),
    queryFn: ({ signal }) =>
      getPlaylist({ path: { playlist_id: id }, signal, throwOnError: true }).then(
        (response) => response.data,
      ),
  })

export const publicPageSize = 20

/** The playlist as its public feed pages it: approved videos only, in playlist order. */
export const playlistPublicVideosQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: playlistKeys.publicVideos(id, page),
    queryFn: ({ signal }) =>
      listPlaylistVideos({
        path: { playlist_id: id },
        query: { page, page_size: publicPageSize, fields: libraryFields.join(',') },
        signal,
        throwOnError: true,
      }).then((response) => response.data),
  })

const summaryPageSize = 100

/**
 * One page of the playlist's videos (approved ones, `archived` or not, in playlist order) read
 * into each video's summary; its own data is whether more pages follow. A long playlist's rows
 * read their summaries a hundred at a time this way, not once per row scrolled past (each answer
 * drawing its row again mid-scroll); a video not approved still reads its own when shown.
 */
export const playlistSummaryPageQuery = (id: string, archived: boolean, page: number) =>
  queryOptions({
    queryKey: playlistKeys.summaryPage(id, archived, page),
    queryFn: async ({ signal, client }) => {
      const { data } = await listPlaylistVideos({
        path: { playlist_id: id },
        query: { archived, page, page_size: summaryPageSize, fields: summaryFields.join(',') },
        signal,
        throwOnError: true,
      })
      for (const video of data.videos)
        client.setQueryData(videoKeys.summary(video.id), withFields(video, summaryFields))
      return { more: data.pagination.has_more && data.videos.length > 0 }
    },
    staleTime: 60_000,
  })

/**
 * What the playlist's editor shows first: the playlist, and beside it the first page of its
 * videos' summaries, those in the feed and the archived ones the service lists apart (without
 * them each row shown reads its own).
 */
export const ensurePlaylistEditor = (queryClient: QueryClient, id: string) =>
  Promise.all([
    queryClient.ensureQueryData(playlistQuery(id)),
    ...[false, true].map((archived) =>
      queryClient.ensureQueryData(playlistSummaryPageQuery(id, archived, 1)).catch(() => null),
    ),
  ])
