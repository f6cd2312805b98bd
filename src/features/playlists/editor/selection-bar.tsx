import { Button } from '@/components/ui/button'

// What can be done to the chosen videos at once; moving them keeps their order among themselves.
export function SelectionBar({
  count,
  onMoveToTop,
  onMoveToBottom,
  onRemove,
  onClear,
  canMove,
  moveReason,
  removeReason,
}: {
  count: number
  onMoveToTop: () => void
  onMoveToBottom: () => void
  onRemove: () => void
  onClear: () => void
  canMove: boolean
  /** Why the account cannot reorder or remove, when it cannot. */
  moveReason: string | undefined
  removeReason: string | undefined
}) {
  return (
    <section
      aria-label="Selected videos"
      className="flex flex-wrap items-center gap-2 rounded-lg border border-indigo-200 bg-indigo-50 p-2"
    >
      <p className="px-2 text-sm font-medium text-indigo-950" aria-live="polite">
        {count} selected
      </p>
      <Button size="sm" disabled={!canMove} unavailableReason={moveReason} onClick={onMoveToTop}>
        Move to top
      </Button>
      <Button size="sm" disabled={!canMove} unavailableReason={moveReason} onClick={onMoveToBottom}>
        Move to bottom
      </Button>
      <Button size="sm" variant="danger" unavailableReason={removeReason} onClick={onRemove}>
        Remove from playlist
      </Button>
      <Button size="sm" variant="quiet" className="ml-auto underline" onClick={onClear}>
        Clear selection
      </Button>
    </section>
  )
}
