import type { ComponentProps } from 'react'
import { scheduleBounds, scheduleHint } from '@/lib/schedule-window'
import { FieldShell } from './field'
import { TextInput } from './text-input'

/**
 * "Publish at": a local date and time offered only within the publish window (the next minute
 * to the horizon), with the window said in the hint. The caller checks the value with
 * `checkSchedule`, which gives the message shown as `error`.
 */
export function ScheduleInput({
  id,
  error,
  announceError,
  label = 'Publish at',
  className,
  ...inputProps
}: Omit<ComponentProps<'input'>, 'type' | 'min' | 'max' | 'step'> & {
  id: string
  error?: string | null
  announceError?: boolean
  label?: string
}) {
  const bounds = scheduleBounds(new Date())
  return (
    <FieldShell
      id={id}
      label={label}
      hint={scheduleHint()}
      error={error}
      announceError={announceError}
      className={className}
    >
      {(a11y) => (
        <TextInput
          {...inputProps}
          {...a11y}
          type="datetime-local"
          min={bounds.min}
          max={bounds.max}
          step={60}
          className="block"
        />
      )}
    </FieldShell>
  )
}
