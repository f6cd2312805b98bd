import type { ComponentProps } from 'react'
import { type ControlSize, controlClasses, controlPadding } from './control-styles'

interface Sized {
  /** `sm` for toolbars (filters), `md` in forms. */
  controlSize?: ControlSize
}

// Full width unless told otherwise; every state (focus, invalid, disabled) styled once.
export function TextInput({
  className = 'block w-full',
  controlSize = 'md',
  ...props
}: ComponentProps<'input'> & Sized) {
  return (
    <input
      type="text"
      className={`${controlClasses} ${controlPadding[controlSize]} ${className}`}
      {...props}
    />
  )
}

export function TextArea({
  className = 'block w-full',
  controlSize = 'md',
  ...props
}: ComponentProps<'textarea'> & Sized) {
  return (
    <textarea
      rows={3}
      className={`${controlClasses} ${controlPadding[controlSize]} ${className}`}
      {...props}
    />
  )
}
