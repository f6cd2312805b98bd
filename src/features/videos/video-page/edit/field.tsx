import type { ReactNode } from 'react'
import { get, useFormState } from 'react-hook-form'
import { errorClass, hintClass, labelClass } from '../ui'
import type { VideoFormValues } from './form-schema'

// Ids derived from the field name, so a label, its hint and its error message always line up.
export const fieldId = (name: string) => `video-form-${name.replaceAll('.', '-')}`

export interface FieldA11y {
  id: string
  'aria-invalid': boolean
  'aria-describedby': string | undefined
}

export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState<VideoFormValues>()
  const error = get(errors, name) as { message?: string } | undefined
  return error?.message
}

export function a11yProps(name: string, error: string | undefined, hint?: ReactNode): FieldA11y {
  const id = fieldId(name)
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean)
  return {
    id,
    'aria-invalid': Boolean(error),
    'aria-describedby': describedBy.length > 0 ? describedBy.join(' ') : undefined,
  }
}

export function FieldHint({ name, children }: { name: string; children: ReactNode }) {
  return (
    <p id={`${fieldId(name)}-hint`} className={hintClass}>
      {children}
    </p>
  )
}

export function FieldError({ name, message }: { name: string; message: string | undefined }) {
  if (!message) return null
  return (
    <p id={`${fieldId(name)}-error`} className={errorClass}>
      {message}
    </p>
  )
}

// A labelled control with its hint and error; `children` renders the control with the ids.
export function Field({
  name,
  label,
  hint,
  children,
}: {
  name: string
  label: ReactNode
  hint?: ReactNode
  children: (a11y: FieldA11y) => ReactNode
}) {
  const error = useFieldError(name)
  const a11y = a11yProps(name, error, hint)
  return (
    <div>
      <label htmlFor={a11y.id} className={labelClass}>
        {label}
      </label>
      {hint ? <FieldHint name={name}>{hint}</FieldHint> : null}
      <div className="mt-1">{children(a11y)}</div>
      <FieldError name={name} message={error} />
    </div>
  )
}

// A checkbox with its label beside it.
export function CheckboxField({
  name,
  label,
  hint,
  children,
}: {
  name: string
  label: ReactNode
  hint?: ReactNode
  children: (a11y: FieldA11y) => ReactNode
}) {
  const error = useFieldError(name)
  const a11y = a11yProps(name, error, hint)
  return (
    <div>
      <div className="flex items-start gap-2">
        <div className="flex h-5 items-center">{children(a11y)}</div>
        <label htmlFor={a11y.id} className="text-sm font-medium text-slate-900">
          {label}
        </label>
      </div>
      <div className="pl-6">
        {hint ? <FieldHint name={name}>{hint}</FieldHint> : null}
        <FieldError name={name} message={error} />
      </div>
    </div>
  )
}
