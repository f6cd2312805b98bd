import type { Video } from '@/api/generated/types.gen'
import type { LifecycleAction } from '../../lifecycle'

export interface LifecycleRequest {
  action: LifecycleAction
  // With publish: schedule for this ISO time instead of publishing now.
  publishedAt?: string
}

// What the video will look like once the service accepts the action, for the changes whose result
// is certain (archive, unarchive, unpublish, publish now). Scheduling and delete wait for the
// service: null means "no optimistic change".
export function optimisticVideo(video: Video, request: LifecycleRequest, now: Date): Video | null {
  const at = now.toISOString()
  switch (request.action) {
    case 'archive':
      return { ...video, archived_at: video.archived_at ?? at }
    case 'unarchive':
      return { ...video, archived_at: null }
    case 'unpublish':
      return { ...video, published_at: null, is_published: false }
    case 'publish':
      return request.publishedAt ? null : { ...video, published_at: at, is_published: true }
    case 'delete':
      return null
  }
}
