import { useQueryClient } from '@tanstack/react-query'
import { startTransition, useCallback, useEffect, useState } from 'react'
import { type VideoSummary, videoKeys } from '@/api/queries/videos'
import { videoTitle } from '@/lib/video-facts'

const isSummaryKey = (key: readonly unknown[]) =>
  key[0] === videoKeys.all[0] && key.at(-1) === 'summary'

/**
 * The captions to speak and label rows with, and which rows are still loading, read from the video
 * summaries rows load. The list is told (once a frame at most) when summaries arrive, so a row's
 * labels follow its details. Only what renders the rows should use it: each batch re-renders it,
 * as a transition, so React renders it in slices between the frames of a scroll or a drag.
 */
export function useVideoCaptions() {
  const queryClient = useQueryClient()
  const [version, setVersion] = useState(0)
  useEffect(() => {
    let frame = 0
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || !isSummaryKey(event.query.queryKey) || frame) return
      frame = requestAnimationFrame(() => {
        frame = 0
        startTransition(() => setVersion((current) => current + 1))
      })
    })
    return () => {
      unsubscribe()
      if (frame) cancelAnimationFrame(frame)
    }
  }, [queryClient])

  const captionNow = useCaptionNow()
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` marks new summaries
  const caption = useCallback((id: string) => captionNow(id), [captionNow, version])
  // A row is offered for moving once its video's details are read (or known to be unavailable).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` marks new summaries
  const loading = useCallback(
    (id: string) =>
      (queryClient.getQueryState(videoKeys.summary(id))?.status ?? 'pending') === 'pending',
    [queryClient, version],
  )
  return { caption, loading }
}

/**
 * A video's caption as the summaries hold it when called (or why there is none), for handlers:
 * one function for the page's life, so what holds it (every row's actions) never changes as
 * summaries arrive.
 */
export function useCaptionNow(): (id: string) => string {
  const queryClient = useQueryClient()
  return useCallback(
    (id: string) => {
      const video = queryClient.getQueryData<VideoSummary>(videoKeys.summary(id))
      if (video) return videoTitle(video)
      return queryClient.getQueryState(videoKeys.summary(id))?.status === 'error'
        ? 'a video whose details are unavailable'
        : 'a video still loading'
    },
    [queryClient],
  )
}
