import { Link } from '@tanstack/react-router'
import type { Video } from '@/api/generated/types.gen'
import { linkClasses } from '@/components/ui/control-styles'
import { StateBadges } from '@/components/video/video-state'

// Back to the library (keeping its filters), the title and the state at a glance.
export function VideoHeader({ video, title }: { video: Video; title: string }) {
  return (
    <header className="space-y-2">
      <Link to="/videos" search={(prev) => prev} className={`text-sm ${linkClasses}`}>
        ← Back to the video library
      </Link>
      <h1 className="text-2xl font-semibold break-words text-slate-900">{title}</h1>
      <StateBadges video={video} label="Status" />
    </header>
  )
}
