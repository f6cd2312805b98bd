import { Link } from '@tanstack/react-router'
import type { Video } from '@/api/generated/types.gen'
import { Badge } from '@/components/ui/badge'
import { linkClasses } from '@/components/ui/control-styles'
import { publicationState } from './details/publication-state'

const stateBadges = {
  live: { label: 'Live', tone: 'success' },
  scheduled: { label: 'Scheduled', tone: 'warning' },
  draft: { label: 'Draft', tone: 'neutral' },
} as const

// Back to the library (keeping its filters), the title and the state at a glance.
export function VideoHeader({ video, title }: { video: Video; title: string }) {
  const state = stateBadges[publicationState(video).kind]
  return (
    <header className="space-y-2">
      <Link to="/videos" search={(prev) => prev} className={`text-sm ${linkClasses}`}>
        ← Back to the video library
      </Link>
      <h1 className="text-2xl font-semibold break-words text-slate-900">{title}</h1>
      <ul aria-label="Status" className="flex flex-wrap gap-2">
        <li>
          <Badge tone={state.tone}>{state.label}</Badge>
        </li>
        {video.archived_at ? (
          <li>
            <Badge tone="info">Archived</Badge>
          </li>
        ) : null}
        {video.access !== 'public' ? (
          <li>
            <Badge>{video.access === 'private' ? 'Private' : 'Unlisted'}</Badge>
          </li>
        ) : null}
      </ul>
    </header>
  )
}
