import type { ComponentProps } from 'react'
import { focusRing } from './control-styles'
import { useUnavailableReason } from './unavailable-reason'

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'quiet'
export type ButtonSize = 'sm' | 'md'

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-slate-900 text-white hover:bg-slate-700',
  secondary: 'border border-slate-500 bg-white text-slate-900 hover:bg-slate-100',
  danger: 'bg-red-700 text-white hover:bg-red-800',
  quiet: 'text-slate-800 hover:bg-slate-100 hover:text-slate-950',
}

const sizes: Record<ButtonSize, string> = {
  sm: 'px-2.5 py-1.5 text-sm',
  md: 'px-3 py-2 text-sm',
}

// On a touch screen every button is at least 44 px square, a finger's width.
const touchTarget = 'pointer-coarse:min-h-11 pointer-coarse:min-w-11'

/** The classes of a button, for links that look like one (a `Link` to another screen). */
export function buttonClasses(variant: ButtonVariant = 'secondary', size: ButtonSize = 'md') {
  return `inline-flex items-center justify-center gap-2 rounded-md font-medium disabled:cursor-not-allowed disabled:opacity-60 ${touchTarget} ${focusRing} ${variants[variant]} ${sizes[size]}`
}

export type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant
  size?: ButtonSize
  /** Work is under way: the button cannot be pressed again and says so to assistive technology. */
  busy?: boolean
  /** Shown instead of the label while busy ("Saving…"); the label stays otherwise. */
  busyLabel?: string
  /**
   * Why the button cannot be used (a role without the right): the reason is shown beside it (once
   * for an UnavailableGroup's controls) and describes it; it stays focusable, so keyboard and
   * screen-reader users reach it and hear the reason, and pressing it does nothing.
   */
  unavailableReason?: string | undefined
}

export function Button({
  variant = 'secondary',
  size = 'md',
  busy = false,
  busyLabel,
  type = 'button',
  className = '',
  disabled,
  unavailableReason,
  children,
  ...props
}: ButtonProps) {
  const { describedBy, note } = useUnavailableReason(unavailableReason)
  if (unavailableReason) {
    const { onClick: _onClick, onPointerDown: _onPointerDown, ...inert } = props
    const button = (
      <button
        {...inert}
        type="button"
        className={`${buttonClasses(variant, size)} cursor-not-allowed opacity-60 ${className}`}
        aria-disabled="true"
        aria-describedby={describedBy}
      >
        {children}
      </button>
    )
    // Kept together, so a layout that spreads its items apart never parts a button from its reason.
    return note ? (
      <span className="inline-flex flex-wrap items-center gap-x-2">
        {button}
        {note}
      </span>
    ) : (
      button
    )
  }
  return (
    <button
      type={type}
      className={`${buttonClasses(variant, size)} ${className}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...props}
    >
      {busy ? <Spinner /> : null}
      {busy && busyLabel ? busyLabel : children}
    </button>
  )
}

function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="size-3.5 animate-spin rounded-full border-2 border-current border-r-transparent motion-reduce:animate-none"
    />
  )
}
