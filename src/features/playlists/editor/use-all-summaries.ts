import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { videoSummaryQuery } from '@/api/queries/videos'
import { readSummaryPages } from './use-summary-pages'

const inFlight = 6

/**
 * Loads every video's summary (for a search within the playlist, which needs every caption),
 * reporting how many are in: first the playlist's pages, a hundred summaries each (those read
 * behind the editor already are cached), then, six at a time, each video the pages leave out.
 */
export function useAllSummaries(playlistId: string, ids: readonly string[], enabled: boolean) {
  const queryClient = useQueryClient()
  const [loaded, setLoaded] = useState(0)
  const key = ids.join(',')
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the ids
  useEffect(() => {
    if (!enabled) return
    let cancelled = false
    const cached = (id: string) =>
      queryClient.getQueryData(videoSummaryQuery(id).queryKey) !== undefined
    const readRest = async () => {
      const counted = () => {
        if (!cancelled) setLoaded(ids.filter(cached).length)
      }
      await readSummaryPages(queryClient, playlistId, () => cancelled, counted).catch(() => {})
      if (cancelled) return
      const queue = ids.filter((id) => !cached(id))
      let done = ids.length - queue.length
      const next = async (): Promise<void> => {
        const id = queue.shift()
        if (id === undefined || cancelled) return
        await queryClient.ensureQueryData(videoSummaryQuery(id)).catch(() => null)
        done += 1
        if (!cancelled) setLoaded(done)
        return next()
      }
      await Promise.all(Array.from({ length: inFlight }, next))
    }
    void readRest()
    return () => {
      cancelled = true
    }
  }, [enabled, key, playlistId, queryClient])
  return { loaded: Math.min(loaded, ids.length), total: ids.length }
}
