import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { reviewKeys, submitDecisions } from '@/api/queries/review'
import { videoKeys } from '@/api/queries/videos'
import type { DecisionsSubmit, ReviewQueueAnswer } from '@/api/review'
import { saveDecisions } from './decision-storage'

/** Every cached queue without the video: it has left the review, whatever order shows it. */
export function dropFromQueues(queryClient: QueryClient, videoId: string) {
  queryClient.setQueriesData<ReviewQueueAnswer>(
    { queryKey: reviewKeys.queues() },
    (answer) =>
      answer && { ...answer, videos: answer.videos.filter((video) => video.id !== videoId) },
  )
}

// One video's decisions, sent to the dashboard server, which records them in the ledger and
// sends the service's accept (a replacement) — or, every suggestion rejected, sets the video aside.
// The reviewer moves on as it is sent; a failure brings them back (`onFailed`), the decisions kept.
// On success the video leaves every review queue, the decisions kept in this browser are dropped,
// and what the decisions change (its matches, its tags, the last ten, the insights) is marked to
// be read again when next shown: the reviewer moves on to the next video, and reading the one left
// now would only hold up the next one's requests.
export function useSubmitReview(
  videoId: string,
  onFailed?: (error: unknown, sent: DecisionsSubmit['decisions']) => void,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: videoKeys.change(videoId),
    mutationFn: (decisions: DecisionsSubmit['decisions']) =>
      submitDecisions(videoId, { decisions }),
    // Here, not at the call: the reviewer has moved on, and the call's screen is gone.
    onError: (error, sent) => onFailed?.(error, sent),
    onSuccess: () => {
      dropFromQueues(queryClient, videoId)
      saveDecisions(videoId, {})
      void queryClient.invalidateQueries({ queryKey: reviewKeys.decisions() })
      void queryClient.invalidateQueries({ queryKey: reviewKeys.insights(), refetchType: 'none' })
      void queryClient.invalidateQueries({
        queryKey: videoKeys.detail(videoId),
        refetchType: 'none',
      })
      // Library views show the tags: stale, read again when next shown.
      void queryClient.invalidateQueries({
        queryKey: videoKeys.lists(),
        refetchType: 'none',
        predicate: (query) => !query.queryKey.includes('review-queue'),
      })
    },
  })
}
