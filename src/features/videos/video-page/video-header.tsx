import { Link } from '@tanstack/react-router'
import type { RefObject } from 'react'
import type { Video } from '@/api/generated/types.gen'
import { linkClasses } from '@/components/ui/control-styles'
import { StateBadges } from '@/components/video/video-state'
import { SectionNav } from './layout/section-nav'
import { PublishingActions } from './lifecycle/publishing-actions'

// Stays in view under the app's top bar: the way back, the title and state at a glance, the
// primary actions, and the sections to jump to.
export function VideoHeader({
  video,
  title,
  headerRef,
}: {
  video: Video
  title: string
  headerRef: RefObject<HTMLElement | null>
}) {
  return (
    <header
      ref={headerRef}
      className="sticky top-[var(--app-top-bar-height,0px)] z-20 border-b border-slate-200 bg-white pt-3"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-2 pb-2">
        <div className="min-w-0 flex-1 basis-72 space-y-1">
          <Link to="/videos" search={(prev) => prev} className={`text-sm ${linkClasses}`}>
            ← Back to the video library
          </Link>
          <div className="flex min-w-0 items-center gap-3">
            <h1
              title={title}
              className="min-w-0 truncate text-xl font-semibold text-slate-900 lg:text-2xl"
            >
              {title}
            </h1>
            <div className="shrink-0">
              <StateBadges video={video} label="Status" />
            </div>
          </div>
        </div>
        <PublishingActions video={video} />
      </div>
      <SectionNav video={video} header={headerRef} />
    </header>
  )
}
