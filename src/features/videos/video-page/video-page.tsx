import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, useLocation, useNavigate } from '@tanstack/react-router'
import { type CSSProperties, useCallback, useRef } from 'react'
import { videoQuery } from '@/api/queries/videos'
import { LeaveGuard } from '@/components/leave-guard'
import { usePollInterval } from '@/lib/live-events'
import { videoTitle } from '@/lib/video-facts'
import { VideoFacts } from './details/video-facts'
import { DownloadPanel } from './download/download-panel'
import { PageDrafts, usePageDrafts } from './drafts/page-drafts'
import { SaveBar } from './drafts/save-bar'
import { VideoEditForm } from './edit/video-edit-form'
import { PageSection } from './layout/page-section'
import { useHeight } from './layout/use-height'
import { useScrollToHash } from './layout/use-scroll-to-hash'
import { DeleteVideo } from './lifecycle/delete-video'
import { MatchingPanel } from './matching/matching-panel'
import { PostersPanel } from './posters/posters-panel'
import { VideoPreview } from './preview/video-preview'
import { WhyHere } from './rules/why-here'
import { SubtitlesPanel } from './subtitles/subtitles-panel'
import { BrokenTagsNotice } from './tagging/broken-tags-notice'
import { TagEditor } from './tagging/tag-editor'
import { VideoHeader } from './video-header'

const route = getRouteApi('/videos/$videoId')

// While a video is still processing its record is re-read now and then (only while live updates
// are down), so the page shows it once it is ready.
const processingPollMs = 15_000

// The video page: a header that stays in view (title, state, publishing, the sections), the
// player and facts beside the sections, and one bar that saves every change made on the page.
export function VideoPage() {
  return (
    <PageDrafts>
      <VideoSections />
    </PageDrafts>
  )
}

function VideoSections() {
  const { videoId } = route.useParams()
  const pathname = useLocation({ select: (location) => location.pathname })
  const navigate = useNavigate()
  const poll = usePollInterval(processingPollMs)
  const { data: video } = useSuspenseQuery({
    ...videoQuery(videoId),
    refetchInterval: (query) => (query.state.data?.duration === null ? poll : false),
  })
  const drafts = usePageDrafts()
  const header = useRef<HTMLElement>(null)
  const headerHeight = useHeight(header)
  useScrollToHash()
  const title = videoTitle(video)

  // After a delete the page goes back to the library with its filters; unsaved edits no longer
  // matter then.
  const onDeleted = useCallback(
    () => navigate({ to: '/videos', search: (prev) => prev, ignoreBlocker: true }),
    [navigate],
  )

  return (
    <div
      className="space-y-6"
      style={{ '--video-header-height': `${headerHeight}px` } as CSSProperties}
    >
      {/* Moving between sections stays on the page: only leaving it asks. */}
      <LeaveGuard when={drafts.count > 0} leaving={(to) => to.pathname !== pathname} />
      <VideoHeader video={video} title={title} headerRef={header} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        {/* Beside the sections on a wide screen, in view as they scroll (scrolling itself when
            taller than the screen). */}
        <aside
          aria-label="Player and facts"
          className="space-y-6 lg:sticky lg:top-[calc(var(--app-top-bar-height,0px)_+_var(--video-header-height)_+_1.5rem)] lg:max-h-[calc(100vh_-_var(--app-top-bar-height,0px)_-_var(--video-header-height)_-_3rem)] lg:self-start lg:overflow-y-auto"
        >
          <VideoPreview video={video} title={title} />
          <VideoFacts video={video} />
        </aside>
        <div className="min-w-0 space-y-6">
          <PageSection id="details">
            <div className="space-y-4">
              <VideoEditForm key={video.id} video={video} />
              <DeleteVideo video={video} title={title} onDeleted={onDeleted} />
            </div>
          </PageSection>
          <PageSection id="products">
            <BrokenTagsNotice videoId={video.id} />
            <TagEditor video={video} />
            <WhyHere video={video} />
          </PageSection>
          <PageSection id="posters">
            <PostersPanel video={video} />
          </PageSection>
          <PageSection id="subtitles">
            <SubtitlesPanel videoId={video.id} />
          </PageSection>
          <PageSection id="ai-matching">
            <MatchingPanel video={video} />
          </PageSection>
          <PageSection id="downloads">
            <DownloadPanel video={video} />
          </PageSection>
        </div>
      </div>
      <SaveBar />
    </div>
  )
}
