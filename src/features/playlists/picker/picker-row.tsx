import { useId } from 'react'
import type { LibraryVideo } from '@/api/queries/videos'
import { Badge } from '@/components/ui/badge'
import { Checkbox } from '@/components/ui/checkbox'
import { StateBadges } from '@/components/video/video-state'
import { VideoThumbnail } from '@/components/video/video-thumbnail'
import { formatDuration } from '@/lib/format'
import { videoTitle } from '@/lib/video-facts'

// One video to choose; one already in the playlist is marked and cannot be chosen again (adding
// it would move it).
export function PickerRow({
  video,
  inPlaylist,
  checked,
  onToggle,
}: {
  video: LibraryVideo
  inPlaylist: boolean
  checked: boolean
  onToggle: (id: string) => void
}) {
  const caption = videoTitle(video)
  const id = useId()
  // Named by the caption alone; the duration and state are its description, heard after it.
  return (
    <li>
      <label className="flex min-h-14 cursor-pointer items-center gap-3 px-3 py-1 text-sm has-[:disabled]:cursor-default has-[:disabled]:bg-slate-50">
        <Checkbox
          className="size-5"
          checked={checked || inPlaylist}
          disabled={inPlaylist}
          aria-labelledby={`${id}-caption`}
          aria-describedby={`${id}-details`}
          onChange={() => onToggle(video.id)}
        />
        <VideoThumbnail url={video.thumbnail_url} />
        <span id={`${id}-caption`} className="min-w-0 flex-1 truncate font-medium text-slate-900">
          {caption}
        </span>
        <span id={`${id}-details`} className="flex items-center gap-3">
          <span className="text-slate-700">
            {formatDuration(video.duration)}
            <span className="sr-only">,</span>
          </span>
          {inPlaylist ? <Badge tone="info">In the playlist</Badge> : <StateBadges video={video} />}
        </span>
      </label>
    </li>
  )
}
