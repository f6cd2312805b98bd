import { useCallback, useMemo } from 'react'
import { SortableList, type SortableMove } from '@/components/ui/sortable-list/sortable-list'
import { PlaylistVideoRow, type RowActions } from './playlist-video-row'
import { useVideoCaptions } from './use-video-captions'

const rowHeight = 72
const words = {
  pendingLabel: (position: number, total: number) => `Video ${position} of ${total}, still loading`,
}

/** The full stored order as a sortable, virtualized list (a 1,000-video playlist mounts a few dozen rows). */
export function PlaylistEditor({
  name,
  order,
  pinned,
  canPin,
  selection,
  actions,
  onMove,
  onLetGo,
  height,
  moveReason,
}: {
  name: string
  order: readonly string[]
  pinned: ReadonlySet<string>
  canPin: boolean
  selection: ReadonlySet<string>
  actions: RowActions
  onMove: (move: SortableMove) => void
  onLetGo?: (() => void) | undefined
  height: number
  /** Why the account cannot reorder, when it cannot. */
  moveReason: string | undefined
}) {
  // Captions and loading states follow the summaries here, so their arrival re-renders the list
  // alone, not the page around it.
  const { caption, loading } = useVideoCaptions()
  // Stable while the selection and pins stay, so rows keep their content while scrolling and dragging.
  const renderItem = useCallback(
    (id: string) => (
      <PlaylistVideoRow
        id={id}
        selected={selection.has(id)}
        pinned={pinned.has(id)}
        canPin={canPin}
        actions={actions}
      />
    ),
    [selection, pinned, canPin, actions],
  )
  const virtualized = useMemo(() => ({ rowHeight, height, overscan: 4 }), [height])
  return (
    <SortableList
      label={`Videos of ${name}, in playlist order`}
      items={order}
      caption={caption}
      pending={loading}
      words={words}
      renderItem={renderItem}
      onMove={onMove}
      onLetGo={onLetGo}
      selection={selection}
      virtualized={virtualized}
      unavailableReason={moveReason}
    />
  )
}
