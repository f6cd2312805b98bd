import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { playlistKeys, playlistSummaryPageQuery } from '@/api/queries/playlists'

/**
 * Reads the summaries of every video of the playlist a page at a time, until the last page or
 * `stopped()`: the videos in the feed, then the archived ones, which the service lists apart.
 * Pages read already are taken from the cache. A page that fails ends it (the promise rejects).
 */
export async function readSummaryPages(
  queryClient: QueryClient,
  playlistId: string,
  stopped: () => boolean,
  onPage: () => void = () => {},
) {
  for (const archived of [false, true])
    for (let page = 1; !stopped(); page++) {
      const { more } = await queryClient.ensureQueryData(
        playlistSummaryPageQuery(playlistId, archived, page),
      )
      onPage()
      if (!more) break
    }
}

/**
 * Reads every video's summary behind the editor (the route's loader has read the first page).
 * After a page that fails, the rows read their own.
 */
export function useSummaryPages(playlistId: string) {
  const queryClient = useQueryClient()
  useEffect(() => {
    let stopped = false
    readSummaryPages(queryClient, playlistId, () => stopped).catch(() => {})
    return () => {
      stopped = true
      void queryClient.cancelQueries({ queryKey: playlistKeys.summaries(playlistId) })
    }
  }, [playlistId, queryClient])
}
