import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Playlist } from '@/api/generated/types.gen'
import { playlistListQuery } from '@/api/queries/playlists'
import { Button } from '@/components/ui/button'
import { RadioGroup } from '@/components/ui/choice-group'
import { Dialog } from '@/components/ui/dialog'
import { InlineError } from '@/components/ui/inline-error'
import { LoadMoreButton } from '@/components/ui/load-more-button'
import { SearchBox } from '@/components/ui/search-box'
import { StaleResults } from '@/components/ui/stale-results'
import { formatVideoCount } from '@/lib/format'

// "Add to playlist…" on a library selection: which of the channel's playlists, and whether the
// videos go first or last.
export function AddToPlaylistDialog({
  channelId,
  count,
  onAdd,
  onClose,
}: {
  channelId: string
  count: number
  onAdd: (playlist: Playlist, at: 'top' | 'bottom') => void
  onClose: () => void
}) {
  const [q, setQ] = useState('')
  const [chosen, setChosen] = useState<Playlist | null>(null)
  const [at, setAt] = useState<'top' | 'bottom'>('top')
  // Each keystroke asks (the previous request is cancelled); the playlists shown stay until the
  // new ones arrive.
  const list = useInfiniteQuery({
    ...playlistListQuery(channelId, q ? { q } : {}),
    placeholderData: keepPreviousData,
  })
  const playlists = list.data?.playlists ?? []
  return (
    <Dialog
      size="md"
      title={`Add ${formatVideoCount(count)} to a playlist`}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" disabled={!chosen} onClick={() => chosen && onAdd(chosen, at)}>
            {chosen ? `Add to “${chosen.name}”` : 'Add'}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <SearchBox
          id="add-to-playlist-search"
          label="Search playlists by name"
          placeholder="Search playlists"
          value={q}
          onSearch={setQ}
        />
        <div className="max-h-64 overflow-y-auto rounded-md border border-slate-200 p-2">
          {list.isPending ? (
            <p className="text-sm text-slate-700">Loading playlists…</p>
          ) : list.isError ? (
            <InlineError>The playlists cannot be loaded: {list.error.message}</InlineError>
          ) : playlists.length === 0 ? (
            <p className="text-sm text-slate-700">No playlist matches.</p>
          ) : (
            <StaleResults stale={list.isPlaceholderData}>
              <RadioGroup
                legend="Playlist"
                value={chosen?.id ?? ''}
                onValueChange={(id) => setChosen(playlists.find((each) => each.id === id) ?? null)}
                options={playlists.map((playlist) => ({
                  value: playlist.id,
                  label: playlist.name,
                  hint: formatVideoCount(playlist.video_ids.length),
                }))}
              />
            </StaleResults>
          )}
          {list.hasNextPage ? (
            <LoadMoreButton
              size="sm"
              loading={list.isFetchingNextPage}
              onLoadMore={list.fetchNextPage}
            >
              Show more playlists
            </LoadMoreButton>
          ) : null}
        </div>
        <RadioGroup
          legend="Add them"
          layout="row"
          value={at}
          onValueChange={setAt}
          options={[
            { value: 'top', label: 'At the top' },
            { value: 'bottom', label: 'At the bottom' },
          ]}
        />
      </div>
    </Dialog>
  )
}
