import type { ComponentProps } from 'react'
import { focusRing } from './control-styles'

/**
 * A slider. It is never the only way to set its value: a number field beside it takes the same
 * value typed (sliders are hard to set exactly, by pointer or by voice).
 */
export function RangeInput({ className = 'block w-full', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type="range"
      className={`h-6 cursor-pointer accent-slate-900 disabled:cursor-not-allowed ${focusRing} ${className}`}
      {...props}
    />
  )
}
