import { useQueries } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import type { Subtitle } from '@/api/generated/types.gen'
import { videoKeys } from '@/api/queries/videos'
import { safeHttpUrl } from '@/lib/format'
import { toWebVtt } from './track-text'

export interface TrackSource {
  id: string
  language: string
  isCc: boolean
  src: string
}

// Each track's file, read as text, as WebVTT, behind a same-origin blob: address the player can
// load without the CDN's CORS. Tracks without an address are not offered.
export function useTrackSources(videoId: string, tracks: readonly Subtitle[]): TrackSource[] {
  const readable = tracks.filter((track) => safeHttpUrl(track.url))
  const texts = useQueries({
    queries: readable.map((track) => ({
      queryKey: videoKeys.track(videoId, track.id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        fetch(safeHttpUrl(track.url) as string, { signal }).then((response) => {
          if (!response.ok) throw new Error(`HTTP ${response.status}`)
          return response.text()
        }),
      staleTime: Number.POSITIVE_INFINITY,
    })),
  })
  const key = texts.map((text) => text.dataUpdatedAt).join(',')
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` marks new texts
  const sources = useMemo(
    () =>
      readable.flatMap((track, index) => {
        const text = texts[index]?.data
        if (text === undefined) return []
        const src = URL.createObjectURL(new Blob([toWebVtt(text)], { type: 'text/vtt' }))
        return [{ id: track.id, language: track.language, isCc: track.is_cc, src }]
      }),
    [key, tracks],
  )
  useEffect(
    () => () => {
      for (const source of sources) URL.revokeObjectURL(source.src)
    },
    [sources],
  )
  return sources
}
