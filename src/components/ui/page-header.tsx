import type { ReactNode } from 'react'

/**
 * The top of a screen: an optional way back, the screen's one `h1`, the actions beside it and a
 * line or two saying what the screen holds.
 */
export function PageHeader({
  title,
  titleId,
  back,
  actions,
  description,
}: {
  title: ReactNode
  /** For a section named by its title (`aria-labelledby`). */
  titleId?: string
  /** A link to the screen above ("← Stores"). */
  back?: ReactNode
  actions?: ReactNode
  description?: ReactNode
}) {
  return (
    <header className="space-y-1">
      {back}
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id={titleId} className="text-2xl font-semibold break-words">
          {title}
        </h1>
        {actions ? <div className="flex flex-wrap items-baseline gap-2">{actions}</div> : null}
      </div>
      {description ? (
        <div className="max-w-3xl space-y-1 text-sm text-slate-700">{description}</div>
      ) : null}
    </header>
  )
}
