import type { ComponentProps } from 'react'

export function Checkbox({ className = '', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type="checkbox"
      className={`size-4 rounded border-slate-500 accent-slate-900 ${className}`}
      {...props}
    />
  )
}
