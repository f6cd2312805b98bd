import { Link } from '@tanstack/react-router'
import type { Video } from '../../../api/generated/types.gen'
import { publicationState } from './details/publication-state'

const badge = 'rounded-full px-2.5 py-0.5 text-xs font-medium'

// Back to the library (keeping its filters), the title and the state at a glance.
export function VideoHeader({ video, title }: { video: Video; title: string }) {
  const state = publicationState(video)
  return (
    <header className="space-y-2">
      <Link
        to="/videos"
        search={(prev) => prev}
        className="text-sm text-indigo-700 underline hover:text-indigo-900"
      >
        ← Back to the video library
      </Link>
      <h1 className="text-2xl font-semibold break-words text-slate-900">{title}</h1>
      <ul aria-label="Status" className="flex flex-wrap gap-2">
        <li
          className={`${badge} ${
            state.kind === 'live'
              ? 'bg-green-100 text-green-900'
              : state.kind === 'scheduled'
                ? 'bg-amber-100 text-amber-900'
                : 'bg-slate-200 text-slate-900'
          }`}
        >
          {state.kind === 'live' ? 'Live' : state.kind === 'scheduled' ? 'Scheduled' : 'Draft'}
        </li>
        {video.archived_at ? (
          <li className={`${badge} bg-slate-800 text-white`}>Archived</li>
        ) : null}
        {video.access !== 'public' ? (
          <li className={`${badge} bg-slate-200 text-slate-900`}>
            {video.access === 'private' ? 'Private' : 'Unlisted'}
          </li>
        ) : null}
      </ul>
    </header>
  )
}
