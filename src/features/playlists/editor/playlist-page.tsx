import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useCallback, useDeferredValue, useMemo } from 'react'
import { playlistQuery } from '@/api/queries/playlists'
import { Badge } from '@/components/ui/badge'
import { linkClasses } from '@/components/ui/control-styles'
import { moveBlock } from '@/components/ui/sortable-list/move-block'
import { StaleResults } from '@/components/ui/stale-results'
import { UnavailableGroup } from '@/components/ui/unavailable-reason'
import { formatDateTime, formatVideoCount } from '@/lib/format'
import { usePermission } from '@/lib/permissions'
import { ConflictDialog } from './conflict-dialog'
import { FilteredVideos } from './filtered-videos'
import { PlaylistEditor } from './playlist-editor'
import { PlaylistToolbar } from './playlist-toolbar'
import type { RowActions } from './playlist-video-row'
import { PublicView } from './public-view'
import { SelectionBar } from './selection-bar'
import { usePlaylistEditor } from './use-playlist-editor'
import { usePlaylistShortcuts } from './use-playlist-shortcuts'
import { useSelection } from './use-selection'
import { useSummaryPages } from './use-summary-pages'
import { useCaptionNow } from './use-video-captions'

const route = getRouteApi('/playlists/$playlistId')

export function PlaylistPage() {
  const { playlistId } = route.useParams()
  const { channelId } = route.useLoaderData()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const { data: playlist } = useSuspenseQuery(playlistQuery(playlistId))
  const editor = usePlaylistEditor(playlist)
  useSummaryPages(playlistId)
  const { order, pinned } = editor.snapshot.shown
  const { selection, toggle, clear } = useSelection(order)
  const captionNow = useCaptionNow()
  // Without the (assumed) field the service is asked, and its 422 explained.
  const canPin = playlist.ai_feed !== false
  // The field shows each key at once; the playlist's videos (up to thousands) are filtered for it
  // in a render that typing interrupts, the earlier matches shown meanwhile.
  const typed = search.q ?? ''
  const q = useDeferredValue(typed)
  const filtering = Boolean(q) || search.hidden === true
  const adding = usePermission('addPlaylistVideo')
  const reordering = usePermission('reorderPlaylistVideos')
  const removing = usePermission('removePlaylistVideo')
  const pinning = usePermission('pinPlaylistVideo')

  // Stable while summaries arrive (captions are read when a handler runs): a new object rendered
  // every row's content again at each batch of them, dozens of times a second while scrolling.
  const actions = useMemo<RowActions>(
    () => ({
      playlistId,
      toggle,
      remove: (id) =>
        editor.change(
          { kind: 'remove', videoIds: [id] },
          {
            done: `Removed “${captionNow(id)}” from the playlist.`,
            undo: `removal of “${captionNow(id)}”`,
          },
        ),
      pin: (id, pin) =>
        editor.change(
          { kind: pin ? 'pin' : 'unpin', videoId: id },
          {
            done: `${pin ? 'Pinned' : 'Unpinned'} “${captionNow(id)}”.`,
            undo: `${pin ? 'pin' : 'unpin'} of “${captionNow(id)}”`,
          },
        ),
      removeReason: removing.reason,
      pinReason: pinning.reason,
    }),
    [playlistId, toggle, editor.change, captionNow, removing.reason, pinning.reason],
  )
  const moveTo = useCallback(
    (ids: string[], toIndex: number) => {
      const next = moveBlock(order, ids, toIndex)
      const first = ids[0] ?? ''
      const position = next.indexOf(first) + 1
      const what = ids.length > 1 ? `${ids.length} videos` : `“${captionNow(first)}”`
      editor.change(
        { kind: 'reorder', order: next },
        {
          done: `Moved ${what} to position ${position} of ${next.length}.`,
          undo: `move of ${what} to ${position}`,
        },
      )
    },
    [order, editor.change, captionNow],
  )
  usePlaylistShortcuts(toggle)
  const chosen = order.filter((id) => selection.has(id))

  return (
    <div className="space-y-4">
      <header className="space-y-1">
        <Link
          to="/playlists"
          search={(prev) => ({ channel: prev.channel })}
          className={`text-sm ${linkClasses}`}
        >
          ← Playlists
        </Link>
        <h1 className="text-2xl font-semibold break-words">{playlist.name}</h1>
        {playlist.description ? <p className="text-slate-700">{playlist.description}</p> : null}
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          {formatVideoCount(order.length)} · updated{' '}
          {formatDateTime(editor.snapshot.stored.updated_at)}
          {canPin ? <Badge tone="info">AI feed</Badge> : null}
          <span aria-live="polite">
            {editor.snapshot.unsaved > 0 ? ' · Saving…' : ' · All changes saved'}
          </span>
        </p>
      </header>
      {/* What the account's role cannot do here is said once, above the controls it disables. */}
      <UnavailableGroup reasonsFirst>
        <PlaylistToolbar
          channelId={channelId}
          search={search}
          order={order}
          onSearch={(patch) =>
            navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true })
          }
          onAdd={({ videoIds, position }) =>
            editor.change(
              { kind: 'add', videoIds, position },
              {
                done: `Added ${formatVideoCount(videoIds.length)} ${position === null ? 'at the bottom' : `at position ${position + 1}`}.`,
                undo: `adding ${formatVideoCount(videoIds.length)}`,
              },
            )
          }
          addReason={adding.reason}
        />
        {chosen.length > 0 && search.public !== true ? (
          <SelectionBar
            count={chosen.length}
            canMove={!filtering}
            moveReason={reordering.reason}
            removeReason={removing.reason}
            onMoveToTop={() => moveTo(chosen, 0)}
            onMoveToBottom={() => moveTo(chosen, order.length - chosen.length)}
            onRemove={() => {
              editor.change(
                { kind: 'remove', videoIds: chosen },
                {
                  done: `Removed ${formatVideoCount(chosen.length)} from the playlist.`,
                  undo: `removal of ${formatVideoCount(chosen.length)}`,
                },
              )
              clear()
            }}
            onClear={clear}
          />
        ) : null}
        {search.public === true ? (
          <PublicView
            playlistId={playlistId}
            page={search.page ?? 1}
            onPage={(page) => navigate({ search: (prev) => ({ ...prev, page }) })}
          />
        ) : filtering ? (
          <StaleResults stale={q !== typed}>
            <FilteredVideos
              playlistId={playlistId}
              order={order}
              q={q}
              hiddenOnly={search.hidden === true}
              pinned={pinned}
              canPin={canPin}
              selection={selection}
              actions={actions}
            />
          </StaleResults>
        ) : (
          <PlaylistEditor
            name={playlist.name}
            order={order}
            pinned={pinned}
            canPin={canPin}
            selection={selection}
            actions={actions}
            onMove={({ ids, toIndex }) => moveTo(ids, toIndex)}
            // The save's check for changes made elsewhere is asked for while the drop is drawn.
            onLetGo={editor.readAhead}
            height={640}
            moveReason={reordering.reason}
          />
        )}
      </UnavailableGroup>
      {editor.snapshot.conflict ? (
        <ConflictDialog
          changedAt={editor.snapshot.conflict.changedAt}
          onResolve={editor.resolveConflict}
        />
      ) : null}
    </div>
  )
}
