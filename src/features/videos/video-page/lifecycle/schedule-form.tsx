import { type FormEvent, useState } from 'react'
import { Button } from '../../../../components/ui/button'
import { errorClasses, hintClasses, labelClasses } from '../../../../components/ui/control-styles'
import { TextInput } from '../../../../components/ui/text-input'
import { checkSchedule, scheduleBounds, scheduleHint } from '../../../../lib/schedule-window'

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone

// Pick a local date and time within the next 28 days; it is sent as ISO UTC. A time outside the
// window is refused here, before any request.
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
  const bounds = scheduleBounds(new Date())

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const check = checkSchedule(value, new Date())
    if (!check.ok) return setError(check.message)
    setError(null)
    onSchedule(check.iso)
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-2" aria-label="Schedule publication">
      <label htmlFor="schedule-at" className={labelClasses}>
        Publish at
      </label>
      <p id="schedule-at-hint" className={hintClasses}>
        {scheduleHint(timeZone)}
      </p>
      <div className="flex flex-wrap items-start gap-2">
        <TextInput
          id="schedule-at"
          type="datetime-local"
          min={bounds.min}
          max={bounds.max}
          step={60}
          value={value}
          onChange={(event) => {
            setValue(event.target.value)
            setError(null)
          }}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'schedule-at-hint schedule-at-error' : 'schedule-at-hint'}
          className=""
        />
        <Button type="submit" disabled={disabled} busy={running} busyLabel="Scheduling…">
          Schedule
        </Button>
      </div>
      {error ? (
        <p id="schedule-at-error" className={errorClasses} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  )
}
