import { Link } from '@tanstack/react-router'
import { memo } from 'react'
import type { LibraryVideo } from '@/api/queries/videos'
import { Checkbox } from '@/components/ui/checkbox'
import { Cell, Row, Table } from '@/components/ui/table'
import { StateBadges } from '@/components/video/video-state'
import { VideoThumbnail } from '@/components/video/video-thumbnail'
import { formatDuration } from '@/lib/format'
import { publicationLabel, publicationState, videoTitle } from '@/lib/video-facts'
import { type ItemState, itemProps } from './library-items'

export const VideoTable = memo(function VideoTable({
  videos,
  item,
  pictures,
}: {
  videos: LibraryVideo[]
  item: (index: number) => ItemState
  /** False while a search is typed (see VideoGrid). */
  pictures: boolean
}) {
  return (
    <Table
      caption="Videos"
      columns={[
        { label: 'Selected', hidden: true, className: 'w-10' },
        { label: 'Video' },
        { label: 'State' },
        { label: 'Publication' },
        { label: 'Length' },
        { label: 'Products' },
        { label: 'Hashtags' },
      ]}
    >
      {videos.map((video, index) => (
        <VideoRow key={video.id} video={video} pictures={pictures} {...item(index)} />
      ))}
    </Table>
  )
})

const VideoRow = memo(function VideoRow({
  video,
  pictures,
  ...state
}: ItemState & { video: LibraryVideo; pictures: boolean }) {
  const props = itemProps(state, video.id, videoTitle(video))
  return (
    <Row
      {...props.container}
      className={`outline-none focus-visible:bg-indigo-50 ${state.selected ? 'bg-indigo-50' : ''}`}
    >
      <Cell>
        <Checkbox {...props.checkbox} aria-label={`Select ${videoTitle(video)}`} />
      </Cell>
      <Cell>
        <div className="flex items-center gap-3">
          <VideoThumbnail url={video.thumbnail_url} load={pictures} />
          <Link
            to="/videos/$videoId"
            params={{ videoId: video.id }}
            tabIndex={-1}
            className="font-medium text-slate-900 hover:underline"
          >
            {videoTitle(video)}
          </Link>
        </div>
      </Cell>
      <Cell>
        <StateBadges video={video} />
      </Cell>
      <Cell className="text-slate-700">{publicationLabel(publicationState(video))}</Cell>
      <Cell className="text-slate-700">{formatDuration(video.duration)}</Cell>
      <Cell className="text-slate-700">{video.product_ids.length}</Cell>
      <Cell className="text-slate-700">{video.hashtags.join(' ')}</Cell>
    </Row>
  )
})
