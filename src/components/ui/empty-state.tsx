import type { ReactNode } from 'react'

/** What a list shows when it has nothing: what that means, and the way forward. */
export function EmptyState({
  title,
  children,
  action,
  headingLevel = 2,
}: {
  title: string
  children?: ReactNode
  action?: ReactNode
  headingLevel?: 2 | 3
}) {
  const Heading = `h${headingLevel}` as const
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <Heading className="text-base font-semibold text-slate-900">{title}</Heading>
      {children ? (
        <div className="mx-auto mt-1 max-w-prose text-sm text-slate-700">{children}</div>
      ) : null}
      {action ? <div className="mt-4 flex justify-center gap-3">{action}</div> : null}
    </div>
  )
}
