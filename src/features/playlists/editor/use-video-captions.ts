import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { type VideoSummary, videoKeys } from '@/api/queries/videos'
import { videoTitle } from '@/lib/video-facts'

const isSummaryKey = (key: readonly unknown[]) =>
  key[0] === videoKeys.all[0] && key.at(-1) === 'summary'

/**
 * The captions to speak and label rows with, read from the video summaries rows load. The list is
 * told (once a frame at most) when summaries arrive, so a row's labels follow its details.
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
        setVersion((current) => current + 1)
      })
    })
    return () => {
      unsubscribe()
      if (frame) cancelAnimationFrame(frame)
    }
  }, [queryClient])

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` marks new summaries
  return useCallback(
    (id: string) => {
      const video = queryClient.getQueryData<VideoSummary>(videoKeys.summary(id))
      return video ? videoTitle(video) : 'a video still loading'
    },
    [queryClient, version],
  )
}
