import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Video } from '@/api/generated/types.gen'
import { videoKeys } from '@/api/queries/videos'
import { useToast } from '@/components/ui/toast'
import { formatDateTime } from '@/lib/format'
import { lifecycleLabels, runLifecycle, settleVideoChange } from '../../lifecycle'
import { type LifecycleRequest, optimisticVideo } from './optimistic'

// Lifecycle actions on one video. The detail cache shows the result at once where it is certain,
// and goes back to what it was, with the service's reason, when the service refuses.
export function useLifecycle(videoId: string, onDeleted: () => unknown = () => {}) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const key = videoKeys.detail(videoId)
  return useMutation({
    mutationFn: ({ action, publishedAt }: LifecycleRequest) =>
      runLifecycle(action, videoId, publishedAt),
    onMutate: async (request) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true })
      const previous = queryClient.getQueryData<Video>(key)
      const optimistic = previous ? optimisticVideo(previous, request, new Date()) : null
      if (optimistic) queryClient.setQueryData<Video>(key, optimistic)
      return { previous, optimistic: optimistic !== null }
    },
    onError: (error, request, context) => {
      if (context?.optimistic && context.previous) {
        queryClient.setQueryData<Video>(key, context.previous)
      }
      const reason = error instanceof Error ? error.message : String(error)
      const verb = request.publishedAt
        ? 'schedule'
        : lifecycleLabels[request.action].verb.toLowerCase()
      toast(`Could not ${verb} the video: ${reason}`, { tone: 'danger' })
    },
    onSuccess: async (video, request) => {
      // Leave the page before its video disappears from the cache.
      if (request.action === 'delete') await onDeleted()
      void settleVideoChange(queryClient, videoId, video)
      toast(successMessage(request, video))
    },
  })
}

function successMessage(request: LifecycleRequest, video: Video | null): string {
  if (request.action === 'publish' && request.publishedAt && video?.published_at) {
    return `Video scheduled for ${formatDateTime(video.published_at)}.`
  }
  return `Video ${lifecycleLabels[request.action].done}.`
}
