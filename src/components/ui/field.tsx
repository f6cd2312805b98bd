import { type ComponentProps, createContext, type ReactNode, useContext } from 'react'
import {
  type FieldPath,
  type FieldValues,
  FormProvider,
  get,
  type UseFormReturn,
  useFormState,
} from 'react-hook-form'
import { Callout } from './callout'
import { errorClasses, hintClasses, labelClasses } from './control-styles'

/** What a control needs so its label, hint and error are read with it. */
export interface FieldA11y {
  id: string
  'aria-invalid': boolean
  'aria-describedby': string | undefined
}

export function fieldA11y(id: string, { hint, error }: { hint?: unknown; error?: unknown }) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean)
  return {
    id,
    'aria-invalid': Boolean(error),
    'aria-describedby': describedBy.length > 0 ? describedBy.join(' ') : undefined,
  } satisfies FieldA11y
}

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={`${id}-hint`} className={hintClasses}>
      {children}
    </p>
  )
}

export function FieldError({
  id,
  message,
  announce = false,
}: {
  id: string
  message: string | undefined | null
  /** Said at once when it appears (a check made on submit, with focus elsewhere). */
  announce?: boolean
}) {
  if (!message) return null
  return (
    <p id={`${id}-error`} className={errorClasses} role={announce ? 'alert' : undefined}>
      {message}
    </p>
  )
}

interface ShellProps {
  id: string
  label: ReactNode
  hint?: ReactNode
  error?: string | null
  announceError?: boolean
  className?: string
  /** Renders the control with the ids that tie it to its label, hint and error. */
  children: (a11y: FieldA11y) => ReactNode
}

/** A labelled control with its hint and error, for state held outside a form library. */
export function FieldShell({
  id,
  label,
  hint,
  error,
  announceError,
  className,
  children,
}: ShellProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      {hint ? <FieldHint id={id}>{hint}</FieldHint> : null}
      <div className="mt-1">{children(fieldA11y(id, { hint, error }))}</div>
      <FieldError id={id} message={error} announce={announceError} />
    </div>
  )
}

/** A checkbox (or switch) with its label beside it, hint and error below. */
export function CheckboxShell({ id, label, hint, error, className, children }: ShellProps) {
  return (
    <div className={className}>
      <div className="flex items-start gap-2">
        <div className="flex h-5 items-center">{children(fieldA11y(id, { hint, error }))}</div>
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {label}
        </label>
      </div>
      <div className="pl-6">
        {hint ? <FieldHint id={id}>{hint}</FieldHint> : null}
        <FieldError id={id} message={error} />
      </div>
    </div>
  )
}

const FieldIdPrefix = createContext('field')

/** Ids derived from the form's prefix and the field's name, so they are stable and unique. */
export function useFieldId(name: string) {
  return `${useContext(FieldIdPrefix)}-${name.replaceAll('.', '-')}`
}

/**
 * A react-hook-form form: provides the form to its fields and a prefix for their ids. Browser
 * validation is off; the form's schema speaks instead, in the same words everywhere.
 */
export function Form<TValues extends FieldValues>({
  form,
  idPrefix,
  children,
  ...props
}: Omit<ComponentProps<'form'>, 'noValidate'> & {
  form: UseFormReturn<TValues>
  idPrefix: string
}) {
  return (
    <FormProvider {...form}>
      <FieldIdPrefix.Provider value={idPrefix}>
        <form noValidate {...props}>
          {children}
        </form>
      </FieldIdPrefix.Provider>
    </FormProvider>
  )
}

/** The error message react-hook-form holds for a field of the surrounding form. */
export function useFieldError<TValues extends FieldValues>(
  name: FieldPath<TValues> | `${FieldPath<TValues>}.root`,
): string | undefined {
  const { errors } = useFormState<TValues>({ name: name as FieldPath<TValues> })
  return (get(errors, name) as { message?: string } | undefined)?.message
}

type FieldProps<TValues extends FieldValues> = Omit<ShellProps, 'id' | 'error'> & {
  name: FieldPath<TValues>
}

/** A field of the surrounding `Form`: its id comes from its name, its error from the form. */
export function Field<TValues extends FieldValues = FieldValues>({
  name,
  ...props
}: FieldProps<TValues>) {
  const id = useFieldId(name)
  const error = useFieldError<TValues>(name)
  return <FieldShell id={id} error={error} {...props} />
}

/** A checkbox of the surrounding `Form`, label beside it. */
export function CheckboxField<TValues extends FieldValues = FieldValues>({
  name,
  ...props
}: FieldProps<TValues>) {
  const id = useFieldId(name)
  const error = useFieldError<TValues>(name)
  return <CheckboxShell id={id} error={error} {...props} />
}

/** Why the last submit of the surrounding `Form` was refused (`root.server`), said at once. */
export function FormRefusal() {
  const { errors } = useFormState()
  const message = errors.root?.server?.message
  if (!message) return null
  return (
    <Callout tone="danger" role="alert">
      {message}
    </Callout>
  )
}
