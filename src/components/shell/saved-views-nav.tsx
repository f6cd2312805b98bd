import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ChevronDown } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { savedViewsQuery } from '@/api/queries/saved-views'
import type { SavedView } from '@/api/saved-views'
import { readCookie, setCookie } from '@/lib/cookies'
import { focusRing } from '../ui/control-styles'

const groups = [
  { key: 'shared', label: 'Shared views', shared: true },
  { key: 'own', label: 'My views', shared: false },
] as const

/** A group's first views; the rest wait behind "Show all", so the sidebar's other parts stay near. */
const shownFirst = 5
/** The groups folded away, remembered on this device as the sidebar's width is. */
const foldedCookie = 'saved-views'

const rowClasses = `block w-full truncate rounded-md px-3 py-1.5 text-left text-sm hover:bg-slate-100 hover:text-slate-900 ${focusRing}`

/**
 * The library views saved by the team and by oneself, under the work areas. A view opens on the
 * channel in use (a view is a filter, not a channel). Each group folds away from its heading.
 */
export function SavedViewsNav({ onNavigate }: { onNavigate?: () => void }) {
  const { data: views } = useQuery(savedViewsQuery())
  const [folded, setFolded] = useState<ReadonlySet<string>>(
    () => new Set(readCookie(foldedCookie)?.split(',')),
  )
  if (!views?.length) return null
  const toggle = (key: string) => {
    const next = new Set(folded)
    if (!next.delete(key)) next.add(key)
    setFolded(next)
    setCookie(foldedCookie, next.size ? [...next].join(',') : null)
  }
  return (
    <nav aria-label="Saved views" className="mt-4 space-y-3">
      {groups.map(({ key, label, shared }) => (
        <ViewGroup
          key={key}
          label={label}
          views={views.filter((view) => view.shared === shared)}
          folded={folded.has(key)}
          onToggle={() => toggle(key)}
          onNavigate={onNavigate}
        />
      ))}
    </nav>
  )
}

function ViewGroup({
  label,
  views,
  folded,
  onToggle,
  onNavigate,
}: {
  label: string
  views: SavedView[]
  folded: boolean
  onToggle: () => void
  onNavigate: (() => void) | undefined
}) {
  const id = useId()
  const [all, setAll] = useState(false)
  const firstRevealed = useRef<HTMLAnchorElement>(null)
  if (views.length === 0) return null
  const shown = all ? views : views.slice(0, shownFirst)
  const showAll = () => {
    // Keyboard users go on from the first view revealed rather than from the button.
    flushSync(() => setAll(true))
    firstRevealed.current?.focus()
  }
  return (
    <section aria-labelledby={`${id}heading`}>
      <h2 id={`${id}heading`}>
        <button
          type="button"
          aria-expanded={!folded}
          aria-controls={`${id}views`}
          onClick={onToggle}
          className={`flex w-full items-center gap-1 rounded-md px-3 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-100 ${focusRing}`}
        >
          <ChevronDown
            aria-hidden="true"
            className={`size-4 shrink-0 transition-transform ${folded ? '-rotate-90' : ''}`}
          />
          {label}
        </button>
      </h2>
      <div id={`${id}views`} hidden={folded}>
        {/* All of a long group scroll within a bounded height, not the sidebar's whole length. */}
        <ul
          className={`mt-1 space-y-0.5 ${all ? 'max-h-72 overflow-y-auto overscroll-contain' : ''}`}
        >
          {shown.map((view, index) => (
            <li key={view.id}>
              <Link
                ref={index === shownFirst ? firstRevealed : undefined}
                to="/videos"
                search={(prev) => ({ ...view.search, channel: prev.channel })}
                onClick={onNavigate}
                className={`${rowClasses} text-slate-700`}
              >
                {view.name}
              </Link>
            </li>
          ))}
        </ul>
        {views.length > shownFirst ? (
          <button
            type="button"
            onClick={all ? () => setAll(false) : showAll}
            className={`${rowClasses} font-medium text-indigo-700`}
          >
            {all ? 'Show fewer' : `Show all (${views.length})`}
          </button>
        ) : null}
      </div>
    </section>
  )
}
