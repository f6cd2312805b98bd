import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { videoListQuery } from '@/api/queries/videos'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { InlineError } from '@/components/ui/inline-error'
import { LoadMoreButton } from '@/components/ui/load-more-button'
import { StaleResults } from '@/components/ui/stale-results'
import { formatVideoCount } from '@/lib/format'
import { toFilters, type VideoSearch } from '@/lib/video-search'
import type { Addition } from '../editor/playlist-toolbar'
import { playlistCapacity } from './capacity'
import { PickerRow } from './picker-row'
import { PickerSearch } from './picker-search'
import { insertIndex, type Placement, PositionChoice } from './position-choice'

export interface AddDialogProps {
  channelId: string
  inPlaylist: ReadonlySet<string>
  playlistLength: number
  onAdd: (addition: Addition) => void
  onClose: () => void
}

// The library's search and filters over the channel's videos (the same query and cache entry),
// to choose several videos and where they go.
export function VideoPickerDialog({
  channelId,
  inPlaylist,
  playlistLength,
  onAdd,
  onClose,
  initiallyChosen = [],
  choosePosition = true,
}: AddDialogProps & {
  initiallyChosen?: readonly string[]
  /** Off when choosing a new playlist's first videos. */
  choosePosition?: boolean
}) {
  const [search, setSearch] = useState<VideoSearch>({})
  const [chosen, setChosen] = useState<readonly string[]>(initiallyChosen)
  const [placement, setPlacement] = useState<Placement>({ at: 'top' })
  // Each keystroke asks (the previous request is cancelled); the videos shown stay until the new
  // ones arrive.
  const list = useInfiniteQuery({
    ...videoListQuery(channelId, toFilters(search)),
    placeholderData: keepPreviousData,
  })
  const room = playlistCapacity - playlistLength
  const toggle = (id: string) =>
    setChosen((current) =>
      current.includes(id) ? current.filter((each) => each !== id) : [...current, id],
    )

  return (
    <Dialog
      size="lg"
      title="Add videos to the playlist"
      description="Search and filter the library, choose videos, and say where they go. Videos already in the playlist are marked."
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="primary"
            disabled={(choosePosition && chosen.length === 0) || chosen.length > room}
            onClick={() => onAdd({ videoIds: [...chosen], position: insertIndex(placement) })}
          >
            {!choosePosition
              ? 'Use these videos'
              : chosen.length === 0
                ? 'Add videos'
                : `Add ${formatVideoCount(chosen.length)}`}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <PickerSearch search={search} onChange={setSearch} />
        <div className="h-80 overflow-y-auto rounded-md border border-slate-200">
          {list.isPending ? (
            <p className="p-3 text-sm text-slate-700">Loading videos…</p>
          ) : list.isError ? (
            <InlineError className="p-3">
              The videos cannot be loaded: {list.error.message}
            </InlineError>
          ) : list.data.videos.length === 0 ? (
            <p className="p-3 text-sm text-slate-700">No video matches this search.</p>
          ) : (
            <StaleResults stale={list.isPlaceholderData}>
              <ul aria-label="Videos to choose from" className="divide-y divide-slate-100">
                {list.data.videos.map((video) => (
                  <PickerRow
                    key={video.id}
                    video={video}
                    inPlaylist={inPlaylist.has(video.id)}
                    checked={chosen.includes(video.id)}
                    onToggle={toggle}
                  />
                ))}
              </ul>
            </StaleResults>
          )}
          {list.hasNextPage ? (
            <div className="p-2">
              <LoadMoreButton
                size="sm"
                loading={list.isFetchingNextPage}
                onLoadMore={list.fetchNextPage}
              >
                Show more videos
              </LoadMoreButton>
            </div>
          ) : null}
        </div>
        {choosePosition ? (
          <PositionChoice
            value={placement}
            onChange={setPlacement}
            playlistLength={playlistLength}
          />
        ) : null}
        <p className="text-sm text-slate-700" aria-live="polite">
          {chosen.length > room
            ? `A playlist holds at most ${formatVideoCount(playlistCapacity)}: choose at most ${formatVideoCount(room)}.`
            : `${formatVideoCount(chosen.length)} chosen, in the order you chose them.`}
        </p>
      </div>
    </Dialog>
  )
}
