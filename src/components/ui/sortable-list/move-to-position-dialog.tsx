import { type FormEvent, useId, useLayoutEffect, useRef, useState } from 'react'
import {
  dialogClass,
  errorClass,
  hintClass,
  inputClass,
  labelClass,
  primaryButton,
  secondaryButton,
} from './class-names'

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

// A modal on the native <dialog> (showModal traps focus and closes on Escape). The position is
// typed as text so whatever was entered stays visible next to the message explaining what fits.
export function MoveToPositionDialog(props: MoveToPositionDialogProps) {
  const { title, description, label, last, errorText, onMove, onCancel } = props
  const ref = useRef<HTMLDialogElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const [value, setValue] = useState('')
  const [invalid, setInvalid] = useState(false)
  const ids = { title: useId(), description: useId(), input: useId(), error: useId() }

  useLayoutEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
    inputRef.current?.focus()
    return () => {
      if (dialog?.open) dialog.close()
    }
  }, [])

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
    <dialog
      ref={ref}
      aria-labelledby={ids.title}
      aria-describedby={ids.description}
      onCancel={(event) => {
        event.preventDefault()
        onCancel()
      }}
      className={dialogClass}
    >
      <form noValidate onSubmit={submit}>
        <h2 id={ids.title} className="text-lg font-semibold">
          {title}
        </h2>
        <p id={ids.description} className={hintClass}>
          {description}
        </p>
        <label htmlFor={ids.input} className={`${labelClass} mt-4`}>
          {label}
        </label>
        <input
          ref={inputRef}
          id={ids.input}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={invalid}
          aria-describedby={invalid ? ids.error : undefined}
          className={inputClass}
        />
        {invalid && (
          <p id={ids.error} role="alert" className={errorClass}>
            {errorText}
          </p>
        )}
        <div className="mt-6 flex justify-end gap-3">
          <button type="button" className={secondaryButton} onClick={onCancel}>
            {props.cancelLabel}
          </button>
          <button type="submit" className={primaryButton}>
            {props.confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  )
}
