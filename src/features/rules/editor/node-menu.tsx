import type { ConditionGroup } from '@/api/rules'
import { Button } from '@/components/ui/button'
import { Menu } from '@/components/ui/menu'
import { type Move, moveTarget, type NodePath } from './condition-tree'
import { useLockReason } from './edit-lock'

const moveLabels: Record<Move, string> = {
  up: 'Move up',
  down: 'Move down',
  out: 'Move out of this group',
  into_previous: 'Move into the group above',
}

const cannot: Record<Move, string> = {
  up: 'It is already first in its group',
  down: 'It is already last in its group',
  out: 'It is not in a group',
  into_previous: 'There is no group just above it (or it would nest more than 4 deep)',
}

// Moving and removing a condition or group without dragging: a menu on each, with every move
// listed, those that cannot happen disabled with the reason.
export function NodeMenu({
  root,
  path,
  name,
  triggerRef,
  onMove,
  onRemove,
}: {
  root: ConditionGroup
  path: NodePath
  /** "condition 1.2", "group 2". */
  name: string
  triggerRef: (element: HTMLButtonElement | null) => void
  onMove: (move: Move) => void
  onRemove: () => void
}) {
  const lock = useLockReason()
  if (lock)
    return (
      <Button size="sm" unavailableReason={lock} ref={triggerRef}>
        Move or remove<span className="sr-only"> {name}</span>
      </Button>
    )
  const moves: Move[] = ['up', 'down', 'out', 'into_previous']
  return (
    <Menu
      label={`Move or remove ${name}`}
      triggerRef={triggerRef}
      trigger={<span aria-hidden="true">Move or remove</span>}
      items={[
        ...moves.map((move) => ({
          label: moveLabels[move],
          onSelect: () => onMove(move),
          disabledReason: moveTarget(root, path, move) ? undefined : cannot[move],
        })),
        'separator' as const,
        { label: `Remove ${name}`, onSelect: onRemove },
      ]}
    />
  )
}
