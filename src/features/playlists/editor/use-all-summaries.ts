import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { videoSummaryQuery } from '@/api/queries/videos'

const inFlight = 6

/**
 * Loads every video's summary (for a search within the playlist, which needs every caption), six
 * at a time, reporting how many are in. Already cached ones count at once.
 */
export function useAllSummaries(ids: readonly string[], enabled: boolean) {
  const queryClient = useQueryClient()
  const [loaded, setLoaded] = useState(0)
  const key = ids.join(',')
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the ids
  useEffect(() => {
    if (!enabled) return
    let cancelled = false
    let done = 0
    const queue = [...ids]
    const next = async (): Promise<void> => {
      const id = queue.shift()
      if (id === undefined || cancelled) return
      await queryClient.ensureQueryData(videoSummaryQuery(id)).catch(() => null)
      done += 1
      if (!cancelled) setLoaded(done)
      return next()
    }
    void Promise.all(Array.from({ length: inFlight }, next))
    return () => {
      cancelled = true
    }
  }, [enabled, key, queryClient])
  return { loaded: Math.min(loaded, ids.length), total: ids.length }
}
