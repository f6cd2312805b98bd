import { DndContext, DragOverlay } from '@dnd-kit/core'
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { type ReactNode, useMemo, useRef, useState } from 'react'
import { UnavailableGroup } from '../unavailable-reason'
import { dropLineClass, listClass } from './class-names'
import { moveBlock, sameOrder } from './move-block'
import { type MoveActions, selectionShape } from './move-menu'
import { MoveToPositionDialog } from './move-to-position-dialog'
import { dropLineTop } from './row-slots'
import { DragPreview, SlotRow, SortableRow } from './sortable-row'
import { type RowPart, useFocusAfterMove } from './use-focus-after-move'
import { useSortableDrag } from './use-sortable-drag'
import { type VirtualOptions, type VirtualPlacement, VirtualRows } from './virtual-rows'
import { englishWords, placeAt, type SortableListWords } from './words'

export interface SortableMove {
  // The ids that move, in list order; the first lands at `toIndex` (see moveBlock).
  ids: string[]
  toIndex: number
}

export interface SortableListProps {
  // The list's accessible name.
  label: string
  // The order, owned by the caller: it applies each move (moveBlock) and can roll one back.
  items: readonly string[]
  // What to call an item in labels and announcements, e.g. its title.
  caption: (id: string) => string
  // Each id's content, kept until this function changes (make it stable, e.g. useCallback), so
  // scrolling and dragging do not render row contents again.
  renderItem: (id: string) => ReactNode
  onMove: (move: SortableMove) => void
  // A drag being let go, before the list draws the drop: time to begin what saving a move needs
  // (the drop may still move nothing).
  onLetGo?: (() => void) | undefined
  // Acting on a selected row moves the whole selection; the selection itself is the caller's.
  selection?: ReadonlySet<string>
  // Items still loading: named as loading, and offered for moving only once loaded.
  pending?: (id: string) => boolean
  words?: Partial<SortableListWords>
  // For long lists: only the rows in view are rendered.
  virtualized?: VirtualOptions
  // Why the list cannot be reordered (a role without the right): handles and moves are disabled,
  // and the reason shows once, above the list.
  unavailableReason?: string | undefined
}

const noSelection: ReadonlySet<string> = new Set()

export function SortableList(props: SortableListProps) {
  const { items, caption, onMove, selection = noSelection } = props
  const words = useMemo(() => ({ ...englishWords, ...props.words }), [props.words])
  const [dialog, setDialog] = useState<{ id: string; block: string[] } | null>(null)
  const [announcement, setAnnouncement] = useState({ text: '', key: 0 })
  const focus = useFocusAfterMove()

  function move(id: string, block: string[], toIndex: number, part: RowPart) {
    if (!sameOrder(moveBlock(items, block, toIndex), items)) onMove({ ids: block, toIndex })
    focus.focusAfterMove({ id, part })
  }

  function moveFromMenu(id: string, block: string[], toIndex: number) {
    move(id, block, toIndex, 'menu')
    const text = words.moved(placeAt(caption(id), block.length, toIndex, items.length))
    setAnnouncement(({ key }) => ({ text, key: key + 1 }))
  }

  const { drag, contextProps } = useSortableDrag({
    items,
    selection,
    caption,
    words,
    onDrop: (id, block, toIndex) => move(id, block, toIndex, 'handle'),
    onLetGo: props.onLetGo,
    slotHeight: props.virtualized?.rowHeight,
  })
  const shown = drag ? drag.shown : items
  // dnd-kit's types ask for a mutable array; it does not change it.
  const sortableIds = useMemo(() => [...shown], [shown])
  const shape = useMemo(() => selectionShape(items, selection), [items, selection])

  // The menu's actions read the latest state through a ref, so one object serves every render.
  const latest = useRef({ moveFromMenu, setDialog })
  latest.current = { moveFromMenu, setDialog }
  const actions = useMemo<MoveActions>(
    () => ({
      moveTo: (id, block, toIndex) => latest.current.moveFromMenu(id, block, toIndex),
      askPosition: (id, block) => latest.current.setDialog({ id, block }),
    }),
    [],
  )
  // Row contents are kept per id until the caller gives a new renderItem, so a memoized row
  // receives the same element and skips rendering.
  const contents = useRef({ render: props.renderItem, byId: new Map<string, ReactNode>() })
  if (contents.current.render !== props.renderItem) {
    contents.current = { render: props.renderItem, byId: new Map() }
  }
  const content = (id: string) => {
    const { byId, render } = contents.current
    if (!byId.has(id)) byId.set(id, render(id))
    return byId.get(id)
  }

  const Row = props.virtualized ? SlotRow : SortableRow
  const row = (id: string, index: number, virtual?: VirtualPlacement) => (
    <Row
      key={id}
      id={id}
      index={index}
      total={items.length}
      caption={caption(id)}
      pending={props.pending?.(id) ?? false}
      words={words}
      selected={selection.has(id)}
      selection={shape}
      actions={actions}
      register={focus.register}
      virtualTop={virtual?.top}
      virtualHeight={virtual?.height}
      unavailableReason={props.unavailableReason}
    >
      {content(id)}
    </Row>
  )

  const list = (rows: ReactNode, style?: { height: number; position: 'relative' }) => (
    <ul aria-label={props.label} className={listClass} style={style} {...focus.listFocusHandlers}>
      {rows}
    </ul>
  )
  // A virtualized list shows where a lifted row would land with a line; its rows stay put.
  const lineTop =
    drag?.slot !== undefined && props.virtualized
      ? dropLineTop(props.virtualized.rowHeight, shown.indexOf(drag.activeId), drag.slot)
      : undefined

  const focusIndex = focus.focusTarget ? shown.indexOf(focus.focusTarget.id) : -1
  const lastPosition = dialog ? items.length - dialog.block.length + 1 : 0

  return (
    <UnavailableGroup reasonsFirst>
      <DndContext {...contextProps}>
        {props.virtualized ? (
          <VirtualRows
            ids={shown}
            options={props.virtualized}
            keep={[
              drag ? shown.indexOf(drag.activeId) : -1,
              focus.focusedId ? shown.indexOf(focus.focusedId) : -1,
              focusIndex,
            ]}
            scrollTo={focusIndex}
            renderRow={(id, placement) => row(id, placement.index, placement)}
            renderList={(rows, style) =>
              list(
                <>
                  {rows}
                  {lineTop !== undefined && (
                    <li aria-hidden="true" className={dropLineClass} style={{ top: lineTop }} />
                  )}
                </>,
                style,
              )
            }
          />
        ) : (
          // A plain list's rows make room for the lifted one as it moves.
          <SortableContext items={sortableIds} strategy={verticalListSortingStrategy}>
            {list(shown.map((id, index) => row(id, index)))}
          </SortableContext>
        )}
        {/* An overlay rather than the row itself: rows a virtualized list mounts as it scrolls
            make dnd-kit re-measure the dragged row, which then drifts by the scrolled distance. */}
        <DragOverlay
          dropAnimation={null}
          style={drag?.liftedTop === undefined ? undefined : { top: drag.liftedTop }}
        >
          {drag && <DragPreview caption={caption(drag.activeId)} count={drag.block.length} />}
        </DragOverlay>
      </DndContext>
      <div role="status" className="sr-only">
        <span key={announcement.key}>{announcement.text}</span>
      </div>
      {dialog && (
        <MoveToPositionDialog
          title={words.dialogTitle(caption(dialog.id), dialog.block.length)}
          description={words.currentPosition(
            placeAt(
              caption(dialog.id),
              dialog.block.length,
              items.indexOf(dialog.id),
              items.length,
            ),
          )}
          label={words.positionLabel(lastPosition)}
          last={lastPosition}
          errorText={words.positionError(lastPosition)}
          confirmLabel={words.confirmMove}
          cancelLabel={words.cancelMove}
          onMove={(position) => {
            setDialog(null)
            moveFromMenu(dialog.id, dialog.block, position - 1)
          }}
          onCancel={() => {
            setDialog(null)
            focus.focusAfterMove({ id: dialog.id, part: 'menu' })
          }}
        />
      )}
    </UnavailableGroup>
  )
}
