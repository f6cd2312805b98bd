import { useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import type { CSSProperties, ReactNode } from 'react'
import { Menu, type MenuEntry } from '../menu'
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
import type { RowPart } from './use-focus-after-move'
import type { SortableListWords } from './words'

export interface SortableRowProps {
  id: string
  caption: string
  words: SortableListWords
  menu: readonly MenuEntry[]
  selected: boolean
  register: (id: string, part: RowPart, element: HTMLElement | null) => void
  // Set in a virtualized list: where the row sits, and the list's full length for screen readers.
  virtual?: { index: number; top: number; height: number; setSize: number }
  children: ReactNode
}

export function SortableRow(props: SortableRowProps) {
  const { id, caption, words, register, virtual } = props
  // dnd-kit's attributes say role="button" and take the keyboard; on the <li> that would be a
  // button pretending to be a list item, so they go on the handle, which is a real button.
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id, attributes: { roleDescription: words.handleRoleDescription } })

  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    ...(virtual && {
      position: 'absolute',
      top: virtual.top,
      left: 0,
      right: 0,
      height: virtual.height,
    }),
  }
  const state = isDragging ? rowPlaceholder : props.selected ? rowSelected : rowIdle

  return (
    <li
      ref={setNodeRef}
      style={style}
      data-id={id}
      aria-posinset={virtual ? virtual.index + 1 : undefined}
      aria-setsize={virtual?.setSize}
      className={`${rowBase} ${state}`}
    >
      <button
        type="button"
        ref={(element) => {
          setActivatorNodeRef(element)
          register(id, 'handle', element)
        }}
        {...attributes}
        {...listeners}
        aria-label={words.handleLabel(caption)}
        className={handleButton}
      >
        <GripGlyph />
      </button>
      <div className="min-w-0 flex-1">{props.children}</div>
      <Menu
        label={words.menuLabel(caption)}
        items={props.menu}
        triggerRef={(element) => register(id, 'menu', element)}
      />
    </li>
  )
}

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

function GripGlyph() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
      {[5, 10, 15].flatMap((y) =>
        [7, 13].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.5" />),
      )}
    </svg>
  )
}
