import { useMutation, useQueryClient } from '@tanstack/react-query'
import { updateVideo } from '@/api/generated/sdk.gen'
import type { VideoUpdate } from '@/api/generated/types.gen'
import { settleVideoChange } from '../../lifecycle'

// PATCH /videos/{id}; the detail cache takes the Video the service answers.
export function useSaveVideo(videoId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: VideoUpdate) =>
      updateVideo({ path: { video_id: videoId }, body, throwOnError: true }).then(
        (response) => response.data,
      ),
    onSuccess: (video) => {
      void settleVideoChange(queryClient, videoId, video)
    },
  })
}
