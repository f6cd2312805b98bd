import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { playlistKeys, playlistSummaryPageQuery } from '@/api/queries/playlists'

/**
 * Reads the summaries of every video of the playlist, a page at a time behind the editor: the
 * videos in the feed (the route's loader has read the first page), then the archived ones, which
 * the service lists apart. A page that fails ends it; the rows then read their own.
 */
export function useSummaryPages(playlistId: string) {
  const queryClient = useQueryClient()
  useEffect(() => {
    let stopped = false
    const read = async (archived: boolean) => {
      for (let page = 1; !stopped; page++) {
        const { more } = await queryClient.fetchQuery(
          playlistSummaryPageQuery(playlistId, archived, page),
        )
        if (!more) return
      }
    }
    read(false)
      .then(() => read(true))
      .catch(() => {})
    return () => {
      stopped = true
      void queryClient.cancelQueries({ queryKey: playlistKeys.summaries(playlistId) })
    }
  }, [playlistId, queryClient])
}
