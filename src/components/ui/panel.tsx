import { type ReactNode, useId } from 'react'
import { panelClasses } from './control-styles'

/** A titled section of a screen, named by its heading for screen-reader navigation. */
export function Panel({
  title,
  headingLevel = 2,
  actions,
  className = '',
  children,
}: {
  title: ReactNode
  headingLevel?: 2 | 3
  /** Buttons beside the title. */
  actions?: ReactNode
  className?: string
  children: ReactNode
}) {
  const id = useId()
  const Heading = `h${headingLevel}` as const
  return (
    <section aria-labelledby={id} className={`${panelClasses} space-y-4 ${className}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <Heading
          id={id}
          className={`font-semibold text-slate-900 ${headingLevel === 2 ? 'text-lg' : 'text-base'}`}
        >
          {title}
        </Heading>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  )
}
