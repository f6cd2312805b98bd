import { useId, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { CheckboxShell } from '../../../components/ui/field'
import { Checkbox } from '../../../components/ui/text-input'
import { formatVideoCount } from '../../../lib/format'

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
  const checkboxId = useId()
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
      <CheckboxShell
        id={checkboxId}
        label="Accept every suggestion automatically"
        hint="When a job completes, every product it finds is accepted and tagged on its video, with no review."
      >
        {(a11y) => (
          <Checkbox
            {...a11y}
            checked={autoAccept}
            onChange={(event) => setAutoAccept(event.target.checked)}
          />
        )}
      </CheckboxShell>
    </Dialog>
  )
}
