import {
  type DraggableAttributes,
  type DraggableSyntheticListeners,
  useDraggable,
} from '@dnd-kit/core'
import { useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { type CSSProperties, memo, type ReactNode, useMemo } from 'react'
import { LazyMenu } from '../lazy-menu'
import { useUnavailableReason } from '../unavailable-reason'
import {
  blockBadge,
  handleButton,
  handleLook,
  rowBase,
  rowIdle,
  rowLifted,
  rowPlaceholder,
  rowSelected,
} from './class-names'
import { type MoveActions, moveMenu, type SelectionShape } from './move-menu'
import type { RowPart } from './use-focus-after-move'
import type { SortableListWords } from './words'

export interface SortableRowProps {
  id: string
  index: number
  total: number
  caption: string
  pending: boolean
  words: SortableListWords
  selected: boolean
  selection: SelectionShape
  actions: MoveActions
  register: (id: string, part: RowPart, element: HTMLElement | null) => void
  // Set in a virtualized list: where the row sits, and the list's full length for screen readers.
  virtualTop?: number
  virtualHeight?: number
  // The list cannot be reordered (a role without the right): the handle and the moves say why.
  unavailableReason?: string | undefined
  children: ReactNode
}

// What dnd-kit gives a row: its handle's attributes and listeners, and whether it is the one lifted.
interface RowDrag {
  attributes: DraggableAttributes
  listeners: DraggableSyntheticListeners
  setNodeRef: (element: HTMLElement | null) => void
  setActivatorNodeRef: (element: HTMLElement | null) => void
  isDragging: boolean
  // A plain list's rows make room for the lifted one as it moves.
  transform?: string | undefined
  transition?: string | undefined
}

// Memoized on plain values: scrolling a virtualized list or dragging over it re-renders only the
// rows whose place or state changed (dnd-kit re-renders each row's shell through useSortable; the
// caller's content is the same element, which React skips).
export const SortableRow = memo(function SortableRow(props: SortableRowProps) {
  const sortable = useSortable({
    id: props.id,
    // Only lifting is refused: a row still loading stays a place to drop on (and to step over by
    // keyboard), and toggling a droppable re-measures every row of the list mid-drag.
    disabled: {
      draggable: props.pending || props.unavailableReason !== undefined,
      droppable: false,
    },
    attributes: { roleDescription: props.words.handleRoleDescription },
  })
  const transform = CSS.Translate.toString(sortable.transform)
  return (
    <Row {...props} drag={{ ...rowParts(sortable), transform, transition: sortable.transition }} />
  )
})

// A virtualized list's row: it can be lifted, but it is not measured or moved while a row is
// dragged over it (see row-slots.ts).
export const SlotRow = memo(function SlotRow(props: SortableRowProps) {
  const draggable = useDraggable({
    id: props.id,
    disabled: props.pending || props.unavailableReason !== undefined,
    attributes: { roleDescription: props.words.handleRoleDescription },
  })
  return <Row {...props} drag={rowParts(draggable)} />
})

type RowProps = SortableRowProps & { drag: RowDrag }

// The parts of dnd-kit's answer a row draws with; the rest (the active drag, what it is over)
// changes on every lift and drop and would draw every row again.
const rowParts = (answer: Omit<RowDrag, 'transform' | 'transition'>) => ({
  attributes: answer.attributes,
  listeners: answer.listeners,
  setNodeRef: answer.setNodeRef,
  setActivatorNodeRef: answer.setActivatorNodeRef,
  isDragging: answer.isDragging,
})

// Each part of what dnd-kit gives is kept by dnd-kit from render to render; a lift or a drop
// renders every row's hook again, and only the rows whose part or place changed draw again.
const sameFields = (a: object, b: object) => {
  const before = a as Record<string, unknown>
  const after = b as Record<string, unknown>
  const keys = Object.keys(before)
  return (
    keys.length === Object.keys(after).length &&
    keys.every((key) => Object.is(before[key], after[key]))
  )
}
const sameRow = ({ drag: dragA, ...restA }: RowProps, { drag: dragB, ...restB }: RowProps) =>
  sameFields(dragA, dragB) && sameFields(restA, restB)

const Row = memo(function Row(props: RowProps) {
  const { id, index, total, caption, pending, words, selected, selection, actions, register } =
    props
  const { unavailableReason } = props
  const reason = useUnavailableReason(unavailableReason)
  // dnd-kit's attributes say role="button" and take the keyboard; on the <li> that would be a
  // button pretending to be a list item, so they go on the handle, which is a real button.
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition } =
    props.drag
  const { isDragging } = props.drag
  const virtual = props.virtualTop !== undefined

  const style: CSSProperties = {
    transform,
    transition,
    ...(virtual && {
      position: 'absolute',
      top: props.virtualTop,
      left: 0,
      right: 0,
      height: props.virtualHeight,
    }),
  }
  const state = isDragging ? rowPlaceholder : selected ? rowSelected : rowIdle
  const menu = useMemo(
    () =>
      pending ? (
        // Keeps the menu's room, so the row does not shift when its item has loaded.
        <span aria-hidden="true" className="size-8 shrink-0" />
      ) : (
        <LazyMenu
          label={words.menuLabel(caption)}
          items={moveMenu({
            id,
            index,
            total,
            selected,
            selection,
            words,
            actions,
            unavailableReason,
          })}
          triggerRef={(element) => register(id, 'menu', element)}
        />
      ),
    [
      id,
      index,
      total,
      selected,
      selection,
      words,
      actions,
      caption,
      register,
      unavailableReason,
      pending,
    ],
  )

  return (
    <li
      ref={setNodeRef}
      style={style}
      data-id={id}
      aria-posinset={virtual ? index + 1 : undefined}
      aria-setsize={virtual ? total : undefined}
      className={`${rowBase} ${state}`}
    >
      {pending ? (
        <button
          type="button"
          disabled
          aria-label={words.pendingLabel(index + 1, total)}
          className={`${handleLook} opacity-40`}
        >
          <GripGlyph />
        </button>
      ) : (
        <button
          type="button"
          ref={(element) => {
            setActivatorNodeRef(element)
            register(id, 'handle', element)
          }}
          {...attributes}
          {...(unavailableReason ? {} : listeners)}
          aria-label={words.handleLabel(caption)}
          aria-describedby={reason.describedBy ?? attributes['aria-describedby']}
          className={handleButton}
        >
          <GripGlyph />
        </button>
      )}
      {/* Drawn from an attribute, so the position is seen but is not part of the row's text. */}
      <span
        aria-hidden="true"
        data-position={index + 1}
        className="w-10 shrink-0 text-right text-xs text-slate-700 tabular-nums before:content-[attr(data-position)]"
      />
      <div className="min-w-0 flex-1">{props.children}</div>
      {reason.note}
      {menu}
    </li>
  )
}, sameRow)

// What follows the pointer or the arrow keys while the row itself stays in the list as the place
// it will land. Hidden from screen readers: the announcements say what moves and where.
export function DragPreview({ caption, count }: { caption: string; count: number }) {
  return (
    <div aria-hidden="true" className={`${rowBase} ${rowLifted} h-full`}>
      <span className={handleLook}>
        <GripGlyph />
      </span>
      <span className="min-w-0 flex-1 truncate">{caption}</span>
      {count > 1 && <span className={blockBadge}>{count}</span>}
    </div>
  )
}

// Memoized, as each row's other parts are: a lift or a drop renders every row again, and each
// glyph's circles were reconciled every time.
const GripGlyph = memo(function GripGlyph() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
      {[5, 10, 15].flatMap((y) =>
        [7, 13].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.5" />),
      )}
    </svg>
  )
})
