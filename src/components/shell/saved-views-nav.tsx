import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { savedViewsQuery } from '@/api/queries/saved-views'
import type { SavedView } from '@/api/saved-views'
import { focusRing } from '../ui/control-styles'

const groups = [
  { label: 'Shared views', shared: true },
  { label: 'My views', shared: false },
] as const

/**
 * The library views saved by the team and by oneself, under the work areas. A view opens on the
 * channel in use (a view is a filter, not a channel).
 */
export function SavedViewsNav({ onNavigate }: { onNavigate?: () => void }) {
  const { data: views } = useQuery(savedViewsQuery())
  if (!views?.length) return null
  return (
    <nav aria-label="Saved views" className="mt-4 space-y-3">
      {groups.map(({ label, shared }) => (
        <ViewGroup
          key={label}
          label={label}
          views={views.filter((view) => view.shared === shared)}
          onNavigate={onNavigate}
        />
      ))}
    </nav>
  )
}

function ViewGroup({
  label,
  views,
  onNavigate,
}: {
  label: string
  views: SavedView[]
  onNavigate: (() => void) | undefined
}) {
  if (views.length === 0) return null
  const id = `saved-views-${label.replace(' ', '-').toLowerCase()}`
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="px-3 text-xs font-semibold text-slate-700">
        {label}
      </h2>
      <ul className="mt-1 space-y-0.5">
        {views.map((view) => (
          <li key={view.id}>
            <Link
              to="/videos"
              search={(prev) => ({ ...view.search, channel: prev.channel })}
              onClick={onNavigate}
              className={`block truncate rounded-md px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900 ${focusRing}`}
            >
              {view.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
