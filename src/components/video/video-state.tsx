import type { LibraryVideo } from '@/api/queries/videos'
import { formatDateTime } from '@/lib/format'
import { Badge } from '../ui/badge'

export function publicationLabel(
  video: Pick<LibraryVideo, 'published_at' | 'is_published'>,
): string {
  if (!video.published_at) return 'Draft'
  if (!video.is_published) return `Scheduled ${formatDateTime(video.published_at)}`
  return `Live since ${formatDateTime(video.published_at)}`
}

export function StateBadges({ video }: { video: LibraryVideo }) {
  return (
    <span className="flex flex-wrap gap-1">
      {video.is_published ? (
        <Badge tone="success">Live</Badge>
      ) : video.published_at ? (
        <Badge tone="info">Scheduled</Badge>
      ) : (
        <Badge>Draft</Badge>
      )}
      {video.archived_at ? <Badge tone="warning">Archived</Badge> : null}
      {video.access !== 'public' ? (
        <Badge>{video.access === 'private' ? 'Private' : 'Unlisted'}</Badge>
      ) : null}
    </span>
  )
}
