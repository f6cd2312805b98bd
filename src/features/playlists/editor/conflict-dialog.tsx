import { useRef } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { formatDateTime } from '@/lib/format'

// Someone else changed the playlist since it was loaded: saving our order would replace theirs.
export function ConflictDialog({
  changedAt,
  onResolve,
}: {
  changedAt: string
  onResolve: (choice: 'overwrite' | 'reload') => void
}) {
  const reloadRef = useRef<HTMLButtonElement>(null)
  return (
    <Dialog
      title="This playlist was changed elsewhere"
      description={`It was changed at ${formatDateTime(changedAt)}, after you opened it. Saving your order now would replace that change.`}
      onClose={() => onResolve('reload')}
      initialFocus={reloadRef}
      footer={
        <>
          <Button ref={reloadRef} onClick={() => onResolve('reload')}>
            Reload the playlist
          </Button>
          <Button variant="danger" onClick={() => onResolve('overwrite')}>
            Save my order over it
          </Button>
        </>
      }
    />
  )
}
