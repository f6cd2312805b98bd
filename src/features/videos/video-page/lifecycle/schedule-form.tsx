import { type FormEvent, useState } from 'react'
import { Button } from '@/components/ui/button'
import { ScheduleInput } from '@/components/ui/schedule-input'
import { checkSchedule } from '@/lib/schedule-window'

// A local date and time within the publish window, sent as ISO UTC. A time outside the window is
// refused here, before any request.
export function ScheduleForm({
  disabled,
  running,
  onSchedule,
}: {
  disabled: boolean
  running: boolean
  onSchedule: (iso: string) => void
}) {
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const check = checkSchedule(value, new Date())
    if (!check.ok) return setError(check.message)
    setError(null)
    onSchedule(check.iso)
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-2" aria-label="Schedule publication">
      <ScheduleInput
        id="schedule-at"
        value={value}
        onChange={(event) => {
          setValue(event.target.value)
          setError(null)
        }}
        error={error}
        announceError
      />
      <Button type="submit" disabled={disabled} busy={running} busyLabel="Scheduling…">
        Schedule
      </Button>
    </form>
  )
}
