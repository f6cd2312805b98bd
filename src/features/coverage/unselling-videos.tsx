import { useSuspenseInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { unsellingVideosQuery } from '@/api/queries/merch-index'
import { linkClasses } from '@/components/ui/control-styles'
import { EmptyState } from '@/components/ui/empty-state'
import { LoadMoreButton } from '@/components/ui/load-more-button'
import { Cell, Row, Table } from '@/components/ui/table'
import { formatCount, formatDateTime, formatDuration } from '@/lib/format'
import { videoTitle } from '@/lib/video-facts'

const columns = [{ label: 'Video' }, { label: 'Live since' }, { label: 'Length' }]

/** The channel's live videos that show no product: watched, and selling nothing. */
export function UnsellingVideos({ channelId }: { channelId: string }) {
  const query = useSuspenseInfiniteQuery(unsellingVideosQuery(channelId))
  const videos = query.data.pages.flatMap((page) => page.videos)
  const total = query.data.pages[0]?.total ?? 0
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        {formatCount(total)} live {total === 1 ? 'video shows' : 'videos show'} no product.
      </p>
      {videos.length === 0 ? (
        <EmptyState title="Every live video shows a product" />
      ) : (
        <Table caption="Live videos without a product" columns={columns}>
          {videos.map((video) => (
            <Row key={video.id}>
              <Cell>
                <Link to="/videos/$videoId" params={{ videoId: video.id }} className={linkClasses}>
                  {videoTitle(video)}
                </Link>
              </Cell>
              <Cell className="whitespace-nowrap">
                {video.published_at ? formatDateTime(video.published_at) : '—'}
              </Cell>
              <Cell>{formatDuration(video.duration)}</Cell>
            </Row>
          ))}
        </Table>
      )}
      {query.hasNextPage ? (
        <LoadMoreButton loading={query.isFetchingNextPage} onLoadMore={query.fetchNextPage}>
          Show more videos
        </LoadMoreButton>
      ) : null}
    </div>
  )
}
