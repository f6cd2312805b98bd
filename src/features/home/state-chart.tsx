import { Link } from '@tanstack/react-router'
import { scaleLinear } from '@visx/scale'
import type { IndexSummary } from '@/api/merch-index'
import { focusRing } from '@/components/ui/control-styles'
import { formatCount } from '@/lib/format'
import { homeLinks } from './home-links'

type State = keyof IndexSummary['states']

const rows: { state: State; label: string; bar: string }[] = [
  { state: 'draft', label: 'Drafts', bar: 'fill-slate-500' },
  { state: 'scheduled', label: 'Scheduled', bar: 'fill-amber-500' },
  { state: 'live', label: 'Live', bar: 'fill-emerald-600' },
  { state: 'archived', label: 'Archived', bar: 'fill-slate-400' },
]

const barWidth = 100
const barHeight = 10

/**
 * The channel's videos in each publication state, as bars against the largest: each row is a link
 * to the library filtered to that state, named by its label and count (the bar only repeats it).
 */
export function StateChart({ states }: { states: IndexSummary['states'] }) {
  const x = scaleLinear({
    domain: [0, Math.max(1, ...Object.values(states))],
    range: [0, barWidth],
  })
  return (
    <ul aria-label="Videos by state" className="space-y-1">
      {rows.map(({ state, label, bar }) => (
        <li key={state}>
          <Link
            {...homeLinks[state]}
            className={`grid grid-cols-[6rem_1fr_4.5rem] items-center gap-3 rounded-md px-2 py-1.5 text-sm hover:bg-indigo-50 ${focusRing}`}
          >
            <span className="font-medium text-slate-900">{label}</span>
            <svg
              aria-hidden="true"
              viewBox={`0 0 ${barWidth} ${barHeight}`}
              preserveAspectRatio="none"
              className="h-3 w-full overflow-visible"
            >
              <rect width={barWidth} height={barHeight} rx={2} className="fill-slate-100" />
              <rect
                width={Math.max(states[state] > 0 ? 1 : 0, x(states[state]))}
                height={barHeight}
                rx={2}
                className={bar}
              />
            </svg>
            <span className="text-right text-slate-900 tabular-nums">
              {formatCount(states[state])}
              <span className="sr-only">{states[state] === 1 ? ' video' : ' videos'}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
