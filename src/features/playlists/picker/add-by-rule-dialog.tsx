import { useEffect, useState } from 'react'
import { describeError } from '@/components/error-panel'
import { Button } from '@/components/ui/button'
import { Callout } from '@/components/ui/callout'
import { Dialog } from '@/components/ui/dialog'
import { formatVideoCount } from '@/lib/format'
import { toFilters, type VideoSearch } from '@/lib/video-search'
import { playlistCapacity } from './capacity'
import { type CollectProgress, collectMatches } from './collect-matches'
import { PickerSearch } from './picker-search'
import { insertIndex, type Placement, PositionChoice } from './position-choice'
import type { AddDialogProps } from './video-picker-dialog'

type Counting =
  | { state: 'counting'; progress: CollectProgress }
  | { state: 'counted'; matches: string[] }
  | { state: 'failed'; reason: string }

// "Add all videos matching…": the library's filters as a rule. Every match is counted (through
// every page) before anything is added, so the marketer confirms a known number.
export function AddByRuleDialog({
  channelId,
  inPlaylist,
  playlistLength,
  onAdd,
  onClose,
}: AddDialogProps) {
  const [search, setSearch] = useState<VideoSearch>({})
  const [placement, setPlacement] = useState<Placement>({ at: 'top' })
  const [counting, setCounting] = useState<Counting>({
    state: 'counting',
    progress: { found: 0, total: null },
  })
  const filtersKey = JSON.stringify(toFilters(search))

  // biome-ignore lint/correctness/useExhaustiveDependencies: `filtersKey` stands for the search
  useEffect(() => {
    const controller = new AbortController()
    setCounting({ state: 'counting', progress: { found: 0, total: null } })
    // Each keystroke counts again at once; the count of the earlier text is cancelled, and a
    // page of it already on its way is not shown.
    const current = (counting: Counting) => {
      if (!controller.signal.aborted) setCounting(counting)
    }
    collectMatches(
      channelId,
      toFilters(search),
      (progress) => current({ state: 'counting', progress }),
      controller.signal,
    ).then(
      (matches) => current({ state: 'counted', matches }),
      (error) => current({ state: 'failed', reason: describeError(error).detail }),
    )
    return () => controller.abort()
  }, [channelId, filtersKey])

  const adding =
    counting.state === 'counted' ? counting.matches.filter((id) => !inPlaylist.has(id)) : []
  const room = playlistCapacity - playlistLength
  const tooMany = adding.length > room

  return (
    <Dialog
      size="lg"
      title="Add all videos matching…"
      description="Every video of the channel that matches these filters is added, new ones first or last. Videos already in the playlist stay where they are."
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="primary"
            disabled={counting.state !== 'counted' || adding.length === 0 || tooMany}
            onClick={() => onAdd({ videoIds: adding, position: insertIndex(placement) })}
          >
            {adding.length > 0 ? `Add ${formatVideoCount(adding.length)}` : 'Add videos'}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <PickerSearch search={search} onChange={setSearch} />
        <div aria-live="polite" className="min-h-16">
          {counting.state === 'counting' ? (
            <div className="space-y-1 text-sm text-slate-700">
              <label htmlFor="rule-progress">
                Counting matches: {formatVideoCount(counting.progress.found)}
                {counting.progress.total !== null ? ` of ${counting.progress.total}` : ''}…
              </label>
              <progress
                id="rule-progress"
                className="block h-2 w-full"
                max={counting.progress.total ?? undefined}
                value={counting.progress.total !== null ? counting.progress.found : undefined}
              />
            </div>
          ) : counting.state === 'failed' ? (
            <Callout tone="danger">The matches cannot be counted: {counting.reason}</Callout>
          ) : (
            <p className="text-sm text-slate-900">
              {formatVideoCount(counting.matches.length)} match;{' '}
              {counting.matches.length - adding.length} already in the playlist.{' '}
              <strong>{formatVideoCount(adding.length)} will be added.</strong>
            </p>
          )}
          {tooMany ? (
            <Callout tone="warning">
              A playlist holds at most {formatVideoCount(playlistCapacity)}; this one has room for{' '}
              {formatVideoCount(room)}. Narrow the filters.
            </Callout>
          ) : null}
        </div>
        <PositionChoice
          value={placement}
          onChange={setPlacement}
          playlistLength={playlistLength}
          allowPosition={false}
        />
      </div>
    </Dialog>
  )
}
