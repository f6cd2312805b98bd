import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  addPoster,
  deletePoster,
  updatePosterWeight,
  updatePosterWeights,
  updateVideo,
} from '@/api/generated/sdk.gen'
import type { PosterCreate, SparseVideo } from '@/api/generated/types.gen'
import { videoKeys } from '@/api/queries/videos'
import { fullVideo } from '@/api/video-fields'
import { settleVideoChange } from '../../lifecycle'
import { weightsFor } from './poster-order'

// Every poster call answers the full Video (a delete answers nothing and the video is read
// again): the video page and the library take it as it comes.
export function usePosterActions(videoId: string) {
  const queryClient = useQueryClient()
  const path = { video_id: videoId }
  const settle = (video: SparseVideo) => settleVideoChange(queryClient, videoId, fullVideo(video))
  const onSuccess = (video: SparseVideo) => {
    void settle(video)
  }
  return {
    arrange: useMutation({
      mutationFn: (order: readonly string[]) =>
        updatePosterWeights({
          path,
          body: { posters: weightsFor(order) },
          throwOnError: true,
        }).then((response) => response.data),
      onSuccess,
      // A refusal changed nothing: the service's order is read again and shown.
      onError: () => queryClient.invalidateQueries({ queryKey: videoKeys.detail(videoId) }),
    }),
    setWeight: useMutation({
      mutationFn: ({ posterId, weight }: { posterId: string; weight: number }) =>
        updatePosterWeight({
          path: { ...path, poster_id: posterId },
          body: { weight },
          throwOnError: true,
        }).then((response) => response.data),
      onSuccess,
    }),
    add: useMutation({
      mutationFn: (body: PosterCreate) =>
        addPoster({ path, body, throwOnError: true }).then((response) => response.data),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (posterId: string) =>
        deletePoster({ path: { ...path, poster_id: posterId }, throwOnError: true }),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.detail(videoId) }),
    }),
    replaceAll: useMutation({
      mutationFn: (posterUrl: string) =>
        updateVideo({ path, body: { poster_url: posterUrl }, throwOnError: true }).then(
          (response) => response.data,
        ),
      onSuccess,
    }),
  }
}

export type PosterActions = ReturnType<typeof usePosterActions>
