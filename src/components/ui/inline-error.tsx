import type { ReactNode } from 'react'

/**
 * What could not be done, said where the missing content would be ("The tracks cannot be loaded:
 * …"). For a message that must interrupt, use a `Callout` with `role="alert"`.
 */
export function InlineError({
  className = '',
  children,
}: {
  className?: string
  children: ReactNode
}) {
  return <p className={`text-sm text-red-800 ${className}`}>{children}</p>
}
