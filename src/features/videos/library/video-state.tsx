import { formatDateTime } from '../../../lib/format'
import type { LibraryVideo } from '../queries'

export function publicationLabel(
  video: Pick<LibraryVideo, 'published_at' | 'is_published'>,
): string {
  if (!video.published_at) return 'Draft'
  if (!video.is_published) return `Scheduled ${formatDateTime(video.published_at)}`
  return `Live since ${formatDateTime(video.published_at)}`
}

export function StateBadges({ video }: { video: LibraryVideo }) {
  const badges: Array<[string, string]> = []
  badges.push(
    video.is_published
      ? ['Live', 'bg-emerald-100 text-emerald-900']
      : video.published_at
        ? ['Scheduled', 'bg-sky-100 text-sky-900']
        : ['Draft', 'bg-slate-200 text-slate-900'],
  )
  if (video.archived_at) badges.push(['Archived', 'bg-amber-100 text-amber-900'])
  if (video.access !== 'public')
    badges.push([
      video.access === 'private' ? 'Private' : 'Unlisted',
      'bg-violet-100 text-violet-900',
    ])
  return (
    <span className="flex flex-wrap gap-1">
      {badges.map(([label, tone]) => (
        <span key={label} className={`rounded px-1.5 py-0.5 text-xs font-medium ${tone}`}>
          {label}
        </span>
      ))}
    </span>
  )
}
