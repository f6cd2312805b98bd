import { Link } from '@tanstack/react-router'
import type { LibraryVideo } from '@/api/queries/videos'
import { Table } from '@/components/ui/table'
import { Checkbox } from '@/components/ui/text-input'
import { publicationLabel, StateBadges } from '@/components/video-search/video-state'
import { VideoThumbnail } from '@/components/video-search/video-thumbnail'
import { formatDuration } from '@/lib/format'
import type { ItemProps } from './library-items'

export function VideoTable({
  videos,
  item,
}: {
  videos: LibraryVideo[]
  item: (index: number) => ItemProps
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
      {videos.map((video, index) => {
        const props = item(index)
        return (
          <tr
            key={video.id}
            {...props.container}
            className={`border-b border-slate-100 outline-none focus-visible:bg-indigo-50 ${props.selected ? 'bg-indigo-50' : ''}`}
          >
            <td className="p-2">
              <Checkbox
                {...props.checkbox}
                aria-label={`Select ${video.caption ?? 'untitled video'}`}
              />
            </td>
            <td className="p-2">
              <div className="flex items-center gap-3">
                <VideoThumbnail url={video.thumbnail_url} />
                <Link
                  to="/videos/$videoId"
                  params={{ videoId: video.id }}
                  tabIndex={-1}
                  className="font-medium text-slate-900 hover:underline"
                >
                  {video.caption || 'Untitled video'}
                </Link>
              </div>
            </td>
            <td className="p-2">
              <StateBadges video={video} />
            </td>
            <td className="p-2 text-slate-700">{publicationLabel(video)}</td>
            <td className="p-2 text-slate-700">{formatDuration(video.duration)}</td>
            <td className="p-2 text-slate-700">{video.product_ids.length}</td>
            <td className="p-2 text-slate-700">{video.hashtags.join(' ')}</td>
          </tr>
        )
      })}
    </Table>
  )
}
