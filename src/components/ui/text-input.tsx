import type { ComponentProps } from 'react'
import { controlClasses } from './control-styles'

// Full width unless told otherwise; every state (focus, invalid, disabled) styled once.
export function TextInput({ className = 'block w-full', ...props }: ComponentProps<'input'>) {
  return <input type="text" className={`${controlClasses} ${className}`} {...props} />
}

export function TextArea({ className = 'block w-full', ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={3} className={`${controlClasses} ${className}`} {...props} />
}

export function Select({ className = 'block w-full', ...props }: ComponentProps<'select'>) {
  return <select className={`${controlClasses} ${className}`} {...props} />
}

export function Checkbox({ className = '', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type="checkbox"
      className={`size-4 rounded border-slate-500 accent-slate-900 ${className}`}
      {...props}
    />
  )
}
