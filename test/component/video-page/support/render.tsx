import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { Video } from '@/api/generated/types.gen'
import { videoQuery } from '@/api/queries/videos'
import { PageDrafts } from '@/features/videos/video-page/drafts/page-drafts'
import { SaveBar } from '@/features/videos/video-page/drafts/save-bar'
import { VideoEditForm } from '@/features/videos/video-page/edit/video-edit-form'
import { PublishingActions } from '@/features/videos/video-page/lifecycle/publishing-actions'
import { createTestQueryClient, renderWithProviders } from '../../support/render'

// The screen parts read the video from the detail cache, as the page does.
function FromCache({ id, children }: { id: string; children: (video: Video) => ReactNode }) {
  const { data } = useQuery(videoQuery(id))
  return data ? children(data) : null
}

export function renderEditForm(video: Video) {
  const queryClient = createTestQueryClient()
  queryClient.setQueryData(videoQuery(video.id).queryKey, video)
  const view = renderWithProviders(
    // The form is saved and discarded from the page's save bar.
    <PageDrafts>
      <FromCache id={video.id}>{(current) => <VideoEditForm video={current} />}</FromCache>
      <SaveBar />
    </PageDrafts>,
    queryClient,
  )
  return { ...view, queryClient }
}

export function renderLifecycle(video: Video) {
  const queryClient = createTestQueryClient()
  queryClient.setQueryData(videoQuery(video.id).queryKey, video)
  return renderWithProviders(
    <FromCache id={video.id}>{(current) => <PublishingActions video={current} />}</FromCache>,
    queryClient,
  )
}
