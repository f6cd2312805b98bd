import { useQuery } from '@tanstack/react-query'
import { playlistPublicVideosQuery } from '@/api/queries/playlists'
import { libraryFields } from '@/api/queries/videos'
import { withFields } from '@/api/video-fields'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { InlineError } from '@/components/ui/inline-error'
import { StateBadges } from '@/components/video/video-state'
import { VideoThumbnail } from '@/components/video/video-thumbnail'
import { formatDuration } from '@/lib/format'
import { videoTitle } from '@/lib/video-facts'

// The playlist as its public feed shows it, page by page exactly as the service pages it.
export function PublicView({
  playlistId,
  page,
  onPage,
}: {
  playlistId: string
  page: number
  onPage: (page: number) => void
}) {
  const result = useQuery(playlistPublicVideosQuery(playlistId, page))
  if (result.isPending) return <p className="text-sm text-slate-700">Loading the public view…</p>
  if (result.isError)
    return <InlineError>The public view cannot be loaded: {result.error.message}</InlineError>
  const { videos, pagination } = result.data
  if (videos.length === 0)
    return (
      <EmptyState title="The public feed shows no video of this playlist">
        Only approved, live, unarchived videos appear in it.
      </EmptyState>
    )
  const first = (pagination.page - 1) * pagination.page_size
  return (
    <section aria-label="Public view" className="space-y-3">
      <p className="text-sm text-slate-700">
        {pagination.total_entries} videos in the public feed · page {pagination.page} of{' '}
        {pagination.total_pages}
      </p>
      <ol
        start={first + 1}
        className="divide-y divide-slate-100 rounded-md border border-slate-200 bg-white"
      >
        {videos.map((sparse) => {
          const video = withFields(sparse, libraryFields)
          return (
            <li key={video.id} className="flex items-center gap-3 p-2 text-sm">
              <VideoThumbnail url={video.thumbnail_url} />
              <span className="min-w-0 flex-1 truncate font-medium">{videoTitle(video)}</span>
              <span className="text-slate-700">{formatDuration(video.duration)}</span>
              <StateBadges video={video} />
            </li>
          )
        })}
      </ol>
      <nav aria-label="Public view pages" className="flex gap-2">
        <Button
          size="sm"
          disabled={pagination.page <= 1}
          onClick={() => onPage(pagination.page - 1)}
        >
          Previous page
        </Button>
        <Button
          size="sm"
          disabled={!pagination.has_more}
          onClick={() => onPage(pagination.page + 1)}
        >
          Next page
        </Button>
      </nav>
    </section>
  )
}
