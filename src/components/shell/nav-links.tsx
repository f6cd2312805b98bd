import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { meQuery } from '@/api/queries/session'
import { focusRing } from '../ui/control-styles'
import { areasFor } from './areas'
import { useOpenAfterPaint } from './use-open-after-paint'

// A link just clicked looks current while its area opens (`data-pending`).
const linkClasses = `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium data-pending:bg-indigo-50 data-pending:text-indigo-900 ${focusRing}`

/** The work areas, each with its icon; collapsed, only the icons show (the name stays spoken). */
export function NavLinks({
  collapsed = false,
  onNavigate,
}: {
  collapsed?: boolean
  onNavigate?: () => void
}) {
  const { data: me } = useSuspenseQuery(meQuery())
  const { pendingTo, open } = useOpenAfterPaint()
  return (
    <nav aria-label="Main">
      <ul className="space-y-1">
        {areasFor(me.role).map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              // Home is active on itself only, not under every path.
              activeOptions={{ exact: to === '/' }}
              onClick={(event) => {
                onNavigate?.()
                open(event, to)
              }}
              data-pending={pendingTo === to || undefined}
              title={collapsed ? label : undefined}
              className={`${linkClasses} ${collapsed ? 'justify-center' : ''}`}
              activeProps={{ className: 'bg-indigo-50 text-indigo-900', 'aria-current': 'page' }}
              inactiveProps={{
                className: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
              }}
            >
              <Icon aria-hidden="true" className="size-5 shrink-0" />
              <span className={collapsed ? 'sr-only' : 'truncate'}>{label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
