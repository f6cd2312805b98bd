import type { QueryClient } from '@tanstack/react-query'
import {
  archiveVideo,
  deleteVideo,
  publishVideo,
  unarchiveVideo,
  unpublishVideo,
} from '@/api/generated/sdk.gen'
import type { Video } from '@/api/generated/types.gen'
import { videoKeys } from '@/api/queries/videos'

export type LifecycleAction = 'publish' | 'unpublish' | 'archive' | 'unarchive' | 'delete'

export const lifecycleLabels: Record<LifecycleAction, { verb: string; done: string }> = {
  publish: { verb: 'Publish', done: 'published' },
  unpublish: { verb: 'Unpublish', done: 'unpublished' },
  archive: { verb: 'Archive', done: 'archived' },
  unarchive: { verb: 'Unarchive', done: 'unarchived' },
  delete: { verb: 'Delete', done: 'deleted' },
}

// One call per action; the service answers the updated Video (null for delete).
export async function runLifecycle(
  action: LifecycleAction,
  id: string,
  publishedAt?: string,
): Promise<Video | null> {
  const path = { video_id: id }
  switch (action) {
    case 'publish':
      return (
        await publishVideo({
          path,
          body: publishedAt ? { published_at: publishedAt } : undefined,
          throwOnError: true,
        })
      ).data
    case 'unpublish':
      return (await unpublishVideo({ path, throwOnError: true })).data
    case 'archive':
      return (await archiveVideo({ path, throwOnError: true })).data
    case 'unarchive':
      return (await unarchiveVideo({ path, throwOnError: true })).data
    case 'delete':
      await deleteVideo({ path, throwOnError: true })
      return null
  }
}

// The detail cache takes the service's answer as is; lists are refetched because the change may
// move the video in or out of a filtered view (and changes its total).
export function settleVideoChange(queryClient: QueryClient, id: string, video: Video | null) {
  if (video) queryClient.setQueryData(videoKeys.detail(id), video)
  else queryClient.removeQueries({ queryKey: videoKeys.detail(id) })
  return queryClient.invalidateQueries({ queryKey: videoKeys.lists() })
}
