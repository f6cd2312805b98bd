import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { getPlaylist, listPlaylists, listPlaylistVideos } from '../generated/sdk.gen'
import type { ListPlaylistsData } from '../generated/types.gen'
import { cursorPages } from './cursor-pages'
import { libraryFields } from './videos'

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
