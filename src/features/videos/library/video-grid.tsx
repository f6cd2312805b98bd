import { Link } from '@tanstack/react-router'
import { memo } from 'react'
import type { LibraryVideo } from '@/api/queries/videos'
import { Checkbox } from '@/components/ui/checkbox'
import { StateBadges } from '@/components/video/video-state'
import { formatDuration, safeHttpUrl } from '@/lib/format'
import { videoTitle } from '@/lib/video-facts'
import { type ItemState, itemProps } from './library-items'

export const VideoGrid = memo(function VideoGrid({
  videos,
  item,
  pictures,
}: {
  videos: LibraryVideo[]
  item: (index: number) => ItemState
  /**
   * False while a search is typed: each letter's cards would ask for a dozen thumbnails the typist
   * never looks at (docs/decisions/0030-results-drawn-light-while-typing.md).
   */
  pictures: boolean
}) {
  return (
    <ul
      aria-label="Videos"
      className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6"
    >
      {videos.map((video, index) => (
        // By position: a search's results reuse the cards of the last ones instead of replacing
        // every element (docs/decisions/0045-cards-kept-by-position.md).
        // biome-ignore lint/suspicious/noArrayIndexKey: cards hold no state of their own
        <VideoCard key={index} video={video} pictures={pictures} {...item(index)} />
      ))}
    </ul>
  )
})

/** Two rows of the grid at 1280 px: the cards a laptop's first screen shows. */
export const firstScreenCards = 12

/** The first row on a phone: the largest things on the first screen, fetched first. */
export const leadingThumbnails = 2

/**
 * Cards past the first screen's are laid out only once they come near it: the first paint after
 * the page arrives (a server-rendered page's whole first page) lays out half the cards. The size
 * they hold meanwhile is about a card's, and then the one they last had.
 */
const offscreenUntilNear = '[content-visibility:auto] [contain-intrinsic-size:auto_360px]'

const VideoCard = memo(function VideoCard({
  video,
  pictures,
  ...state
}: ItemState & { video: LibraryVideo; pictures: boolean }) {
  const props = itemProps(state, video.id, videoTitle(video))
  const thumbnail = safeHttpUrl(video.thumbnail_url)
  const { index } = state
  return (
    <li
      {...props.container}
      className={`group relative overflow-hidden rounded-lg border bg-white shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 ${
        state.selected ? 'border-indigo-600 ring-2 ring-indigo-600' : 'border-slate-200'
      } ${index < firstScreenCards ? '' : offscreenUntilNear}`}
    >
      <div className="relative aspect-[9/16] bg-slate-800">
        {thumbnail ? (
          pictures && (
            <img
              // A new element per video: an image whose address changes keeps showing the old
              // picture, another video's, until the new one has loaded.
              key={video.id}
              src={thumbnail}
              alt=""
              loading={index < firstScreenCards ? 'eager' : 'lazy'}
              fetchPriority={index < leadingThumbnails ? 'high' : 'auto'}
              width={270}
              height={480}
              className="h-full w-full object-cover"
            />
          )
        ) : (
          <span className="absolute inset-0 grid place-items-center text-xs text-slate-200">
            No thumbnail
          </span>
        )}
        <span className="absolute right-1 bottom-1 rounded bg-slate-900/80 px-1 text-xs text-white">
          {formatDuration(video.duration)}
        </span>
        <label className="absolute top-1 left-1 z-10 flex items-center rounded bg-white/90 p-1">
          <Checkbox {...props.checkbox} />
          <span className="sr-only">Select {videoTitle(video)}</span>
        </label>
      </div>
      <div className="space-y-1 p-2">
        <Link
          to="/videos/$videoId"
          params={{ videoId: video.id }}
          tabIndex={-1}
          className="line-clamp-2 text-sm font-medium text-slate-900 after:absolute after:inset-0 after:content-[''] hover:underline"
        >
          {videoTitle(video)}
        </Link>
        <StateBadges video={video} />
      </div>
    </li>
  )
})
