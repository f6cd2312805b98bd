import type { ComponentProps } from 'react'
import { type ControlSize, controlClasses, controlPadding } from './control-styles'

export function Select({
  className = 'block w-full',
  controlSize = 'md',
  ...props
}: ComponentProps<'select'> & { controlSize?: ControlSize }) {
  return (
    <select
      className={`${controlClasses} ${controlPadding[controlSize]} ${className}`}
      {...props}
    />
  )
}
