import { lazy, Suspense, useCallback, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { SearchBox } from '@/components/ui/search-box'
import type { PlaylistPageSearch } from './playlist-page-search'

const VideoPickerDialog = lazy(() =>
  import('../picker/video-picker-dialog').then((module) => ({ default: module.VideoPickerDialog })),
)
const AddByRuleDialog = lazy(() =>
  import('../picker/add-by-rule-dialog').then((module) => ({ default: module.AddByRuleDialog })),
)

export interface Addition {
  videoIds: string[]
  /** 0-based insert index; null for the bottom. */
  position: number | null
}

// Adding videos, searching within the playlist, and the editor or the public view.
export function PlaylistToolbar({
  channelId,
  search,
  order,
  onSearch,
  onAdd,
  addReason,
}: {
  channelId: string
  search: PlaylistPageSearch
  order: readonly string[]
  onSearch: (patch: Partial<PlaylistPageSearch>) => void
  onAdd: (addition: Addition) => void
  /** Why the account cannot add videos, when it cannot. */
  addReason: string | undefined
}) {
  const [adding, setAdding] = useState<'pick' | 'rule' | null>(null)
  const searchCaptions = useCallback((q: string) => onSearch({ q: q || undefined }), [onSearch])
  const publicView = search.public === true
  const dialogProps = {
    channelId,
    inPlaylist: new Set(order),
    playlistLength: order.length,
    onAdd: (addition: Addition) => {
      setAdding(null)
      onAdd(addition)
    },
    onClose: () => setAdding(null),
  }
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Button variant="primary" unavailableReason={addReason} onClick={() => setAdding('pick')}>
        Add videos…
      </Button>
      <Button unavailableReason={addReason} onClick={() => setAdding('rule')}>
        Add all matching…
      </Button>
      {publicView ? null : (
        <>
          <SearchBox
            id="playlist-search"
            label="Search this playlist's captions"
            placeholder="Search this playlist"
            value={search.q ?? ''}
            onSearch={searchCaptions}
          />
          <label className="flex items-center gap-2 text-sm text-slate-900">
            <Checkbox
              checked={search.hidden === true}
              onChange={(event) => onSearch({ hidden: event.target.checked || undefined })}
            />
            Only videos the feed hides
          </label>
        </>
      )}
      <fieldset className="flex rounded-md border border-slate-300 bg-white p-0.5">
        <legend className="sr-only">View</legend>
        <Button
          size="sm"
          variant={publicView ? 'quiet' : 'primary'}
          aria-pressed={!publicView}
          onClick={() => onSearch({ public: undefined, page: undefined })}
        >
          Stored order
        </Button>
        <Button
          size="sm"
          variant={publicView ? 'primary' : 'quiet'}
          aria-pressed={publicView}
          onClick={() => onSearch({ public: true, page: undefined })}
        >
          Public view
        </Button>
      </fieldset>
      <Suspense fallback={null}>
        {adding === 'pick' ? <VideoPickerDialog {...dialogProps} /> : null}
        {adding === 'rule' ? <AddByRuleDialog {...dialogProps} /> : null}
      </Suspense>
    </div>
  )
}
