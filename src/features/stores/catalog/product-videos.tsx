import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { indexedVideosQuery } from '@/api/queries/indexed-videos'
import { productVideosQuery } from '@/api/queries/products'
import { IndexFreshness } from '@/components/merch-index/index-freshness'
import { useIndexRunning } from '@/components/merch-index/use-index-running'
import { useCurrentChannel } from '@/components/shell/use-current-channel'
import { Badge } from '@/components/ui/badge'
import { linkClasses } from '@/components/ui/control-styles'
import { InlineError } from '@/components/ui/inline-error'
import { LoadMoreButton } from '@/components/ui/load-more-button'
import { StateBadges } from '@/components/video/video-state'
import { formatCount } from '@/lib/format'
import { videoTitle } from '@/lib/video-facts'

const note = 'text-sm text-slate-700'

/**
 * Every video of the channel that shows the product (drafts, scheduled and archived ones too),
 * with its state, from the dashboard's index. On a server without the index, the service's own
 * list, which has live videos only.
 */
export function ProductVideos({ productId }: { productId: string }) {
  const { current } = useCurrentChannel()
  const running = useIndexRunning()
  const videos = useInfiniteQuery({
    ...indexedVideosQuery(current, { products: [productId], match: 'any', untagged: false }),
    enabled: running === true,
  })
  if (running === false) return <LiveVideosOnly productId={productId} />
  if (videos.isPending) return <p className={note}>Finding the videos…</p>
  if (videos.isError)
    return <InlineError>The videos cannot be listed: {videos.error.message}</InlineError>
  const first = videos.data.pages[0]
  const shown = videos.data.pages.flatMap((page) => page.videos)
  const total = first?.pagination.total_entries ?? 0
  return (
    <div className="space-y-2">
      {shown.length === 0 ? (
        <p className={note}>No video of this channel shows this product.</p>
      ) : (
        <>
          <p className={note}>
            {formatCount(total)} {total === 1 ? 'video shows' : 'videos show'} it.
          </p>
          <ul className="space-y-1 text-sm">
            {shown.map((video) => (
              <li key={video.id} className="flex flex-wrap items-center gap-2">
                <Link to="/videos/$videoId" params={{ videoId: video.id }} className={linkClasses}>
                  {videoTitle(video)}
                </Link>
                <StateBadges video={video} />
              </li>
            ))}
          </ul>
        </>
      )}
      {videos.hasNextPage ? (
        <LoadMoreButton
          size="sm"
          loading={videos.isFetchingNextPage}
          onLoadMore={videos.fetchNextPage}
        >
          Show more videos
        </LoadMoreButton>
      ) : null}
      {first ? <IndexFreshness status={first.index} /> : null}
    </div>
  )
}

function LiveVideosOnly({ productId }: { productId: string }) {
  const videos = useQuery(productVideosQuery(productId))
  if (videos.isPending) return <p className={note}>Finding the videos…</p>
  if (videos.isError)
    return <InlineError>The videos cannot be listed: {videos.error.message}</InlineError>
  if (videos.data.videos.length === 0)
    return <p className={note}>No live video features this product.</p>
  return (
    <ul className="space-y-1 text-sm">
      {videos.data.videos.map((video) => (
        <li key={video.id} className="flex items-center gap-2">
          <Link to="/videos/$videoId" params={{ videoId: video.id }} className={linkClasses}>
            {videoTitle(video)}
          </Link>
          {video.hidden ? <Badge>Hidden in the video’s product list</Badge> : null}
        </li>
      ))}
    </ul>
  )
}
