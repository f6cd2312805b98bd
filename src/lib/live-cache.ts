import type { QueryClient } from '@tanstack/react-query'
import { videoKeys } from '@/api/queries/videos'
import type { ServiceEvent } from '@/api/service-event'
import { subscribeLiveEvents } from './live-events'

// What a service event changes in the cache: a video's record and everything read under it (its
// page, its uploads entry, its matches), and the lists that show it (its card). An edit form keeps
// its unsaved values when its record is read again (and says the video changed).
export function applyLiveEventsTo(queryClient: QueryClient) {
  return subscribeLiveEvents((event: ServiceEvent | 'reset') => {
    if (event === 'reset') {
      void queryClient.invalidateQueries({ queryKey: videoKeys.all })
      return
    }
    if (event.event_type === 'video_import_failed') return
    void queryClient.invalidateQueries({ queryKey: videoKeys.detail(event.data.id) })
    void queryClient.invalidateQueries({ queryKey: videoKeys.lists() })
  })
}
