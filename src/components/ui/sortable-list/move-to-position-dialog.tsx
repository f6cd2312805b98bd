import { type FormEvent, useId, useRef, useState } from 'react'
import { Button } from '../button'
import { Dialog } from '../dialog'
import { FieldShell } from '../field'
import { TextInput } from '../text-input'

export interface MoveToPositionDialogProps {
  title: string
  description: string
  label: string
  // The highest position that can be entered (the list's length less the block's other items).
  last: number
  errorText: string
  confirmLabel: string
  cancelLabel: string
  onMove: (position: number) => void
  onCancel: () => void
}

// The position is typed as text so whatever was entered stays visible next to the message
// explaining what fits.
export function MoveToPositionDialog(props: MoveToPositionDialogProps) {
  const { title, description, label, last, errorText, onMove, onCancel } = props
  const inputRef = useRef<HTMLInputElement>(null)
  const inputId = useId()
  const [value, setValue] = useState('')
  const [invalid, setInvalid] = useState(false)

  function submit(event: FormEvent) {
    event.preventDefault()
    const text = value.trim()
    const position = Number(text)
    if (!/^\d+$/.test(text) || position < 1 || position > last) {
      setInvalid(true)
      inputRef.current?.focus()
      return
    }
    onMove(position)
  }

  return (
    <Dialog title={title} description={description} onClose={onCancel} initialFocus={inputRef}>
      <form noValidate onSubmit={submit}>
        <FieldShell id={inputId} label={label} error={invalid ? errorText : null}>
          {(a11y) => (
            <TextInput
              ref={inputRef}
              {...a11y}
              inputMode="numeric"
              autoComplete="off"
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
          )}
        </FieldShell>
        <div className="mt-6 flex justify-end gap-3">
          <Button onClick={onCancel}>{props.cancelLabel}</Button>
          <Button type="submit" variant="primary">
            {props.confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
