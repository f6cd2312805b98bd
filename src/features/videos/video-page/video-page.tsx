import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useCallback, useState } from 'react'
import { videoQuery } from '@/api/queries/videos'
import { LeaveGuard } from '@/components/leave-guard'
import { usePollInterval } from '@/lib/live-events'
import { videoTitle } from '@/lib/video-facts'
import { VideoFacts } from './details/video-facts'
import { DownloadPanel } from './download/download-panel'
import { VideoEditForm } from './edit/video-edit-form'
import { LifecyclePanel } from './lifecycle/lifecycle-panel'
import { MatchingPanel } from './matching/matching-panel'
import { PostersPanel } from './posters/posters-panel'
import { VideoPreview } from './preview/video-preview'
import { SubtitlesPanel } from './subtitles/subtitles-panel'
import { TagEditor } from './tagging/tag-editor'
import { VideoHeader } from './video-header'

const route = getRouteApi('/videos/$videoId')

// While a video is still processing its record is re-read now and then (only while live updates
// are down), so the page shows it once it is ready.
const processingPollMs = 15_000

// The video page: preview, file and facts; publishing, posters, subtitles and the edit form.
export function VideoPage() {
  const { videoId } = route.useParams()
  const navigate = useNavigate()
  const poll = usePollInterval(processingPollMs)
  const { data: video } = useSuspenseQuery({
    ...videoQuery(videoId),
    refetchInterval: (query) => (query.state.data?.duration === null ? poll : false),
  })
  const [dirty, setDirty] = useState(false)
  const title = videoTitle(video)

  // After a delete the page goes back to the library with its filters; unsaved edits no longer
  // matter then.
  const onDeleted = useCallback(
    () => navigate({ to: '/videos', search: (prev) => prev, ignoreBlocker: true }),
    [navigate],
  )

  return (
    <div className="space-y-6">
      <LeaveGuard when={dirty} />
      <VideoHeader video={video} title={title} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <div className="space-y-6">
          <VideoPreview video={video} title={title} />
          <DownloadPanel video={video} />
          <VideoFacts video={video} />
        </div>
        <div className="space-y-6">
          <LifecyclePanel video={video} onDeleted={onDeleted} />
          <TagEditor video={video} />
          <MatchingPanel video={video} />
          <PostersPanel video={video} />
          <SubtitlesPanel videoId={video.id} />
          <VideoEditForm key={video.id} video={video} onDirtyChange={setDirty} />
        </div>
      </div>
    </div>
  )
}
