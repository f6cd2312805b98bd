import type { ReactNode } from 'react'
import { focusRing } from '@/components/ui/control-styles'
import { formatCount } from '@/lib/format'

/** The look of a figure that is a link to its list: a card, its number first. */
export const figureLinkClasses = `block h-full rounded-lg border border-slate-200 bg-white p-3 shadow-sm hover:border-indigo-400 hover:bg-indigo-50 ${focusRing}`

/**
 * A number and what it counts, inside the link to its list. A number still loading or that could
 * not be read says so in words, for screen readers too.
 */
export function Figure({
  value,
  label,
  note,
}: {
  value: number | 'loading' | 'unavailable'
  label: ReactNode
  note?: ReactNode
}) {
  return (
    <>
      <span className="block text-2xl font-semibold text-slate-900 tabular-nums">
        {value === 'loading' ? (
          <span className="text-slate-700">
            …<span className="sr-only">loading</span>
          </span>
        ) : value === 'unavailable' ? (
          <span className="text-base text-slate-700">Not available now</span>
        ) : (
          formatCount(value)
        )}
      </span>
      <span className="block text-sm font-medium text-slate-900">{label}</span>
      {note ? <span className="mt-1 block text-xs text-slate-700">{note}</span> : null}
    </>
  )
}

/** A query's answer as a figure's value. */
export const figureValue = (query: { data?: number; isError: boolean }) =>
  query.data !== undefined ? query.data : query.isError ? 'unavailable' : 'loading'
