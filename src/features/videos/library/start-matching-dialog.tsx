import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { formatVideoCount } from '@/lib/format'
import { AutoAcceptField } from '../matching/auto-accept-field'

// AI product matching for a library selection: one job per video, each spending one job of the
// business's matching quota.
export function StartMatchingDialog({
  count,
  onStart,
  onClose,
}: {
  count: number
  onStart: (autoAccept: boolean) => void
  onClose: () => void
}) {
  const [autoAccept, setAutoAccept] = useState(false)
  return (
    <Dialog
      title={`Find products with AI in ${formatVideoCount(count)}`}
      description="Each video gets its own matching job, counted against the business's matching quota. The suggestions then wait in AI matches for review."
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" onClick={() => onStart(autoAccept)}>
            Start {count === 1 ? '1 job' : `${count} jobs`}
          </Button>
        </>
      }
    >
      <AutoAcceptField checked={autoAccept} onChange={setAutoAccept} />
    </Dialog>
  )
}
