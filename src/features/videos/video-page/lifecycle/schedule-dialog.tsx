import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { ScheduleForm } from './schedule-form'

// Scheduling asks for a time, so it opens from the header's button rather than filling the header.
export function ScheduleDialog({
  running,
  onSchedule,
  onClose,
}: {
  running: boolean
  onSchedule: (iso: string) => void
  onClose: () => void
}) {
  return (
    <Dialog
      title="Schedule publication"
      onClose={onClose}
      busy={running}
      footer={
        <Button onClick={onClose} disabled={running}>
          Cancel
        </Button>
      }
    >
      <ScheduleForm disabled={running} running={running} onSchedule={onSchedule} />
    </Dialog>
  )
}
