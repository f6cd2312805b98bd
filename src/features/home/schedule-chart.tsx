import { Link } from '@tanstack/react-router'
import { scaleBand, scaleLinear } from '@visx/scale'
import type { IndexSummary } from '@/api/merch-index'
import { linkClasses } from '@/components/ui/control-styles'
import { Cell, HeaderCell, Row, Table } from '@/components/ui/table'
import { formatCount, formatVideoCount } from '@/lib/format'
import { homeLinks } from './home-links'

const width = 560
const height = 180
const margin = { top: 18, bottom: 38 }

// The summary's days are UTC days: they are named as such, whatever the browser's time zone.
const weekday = new Intl.DateTimeFormat(undefined, { weekday: 'short', timeZone: 'UTC' })
const longDay = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
})
const asDate = (day: string) => new Date(`${day}T00:00:00Z`)

/**
 * The videos scheduled to go live on each of the next 14 days, as bars. The picture is for the
 * eye (each bar opens the scheduled videos); the same numbers are in a table for screen readers,
 * and the link below the chart is the keyboard's way to the list.
 */
export function ScheduleChart({
  days,
  scheduled,
}: {
  days: IndexSummary['scheduled_days']
  scheduled: number
}) {
  const x = scaleBand({
    domain: days.map((each) => each.day),
    range: [0, width],
    padding: 0.25,
  })
  const most = Math.max(1, ...days.map((each) => each.videos))
  const y = scaleLinear({ domain: [0, most], range: [height - margin.bottom, margin.top] })
  const onTimeline = days.reduce((sum, each) => sum + each.videos, 0)
  return (
    <figure className="space-y-2">
      <svg
        aria-hidden="true"
        viewBox={`0 0 ${width} ${height}`}
        className="h-auto w-full text-[13px]"
      >
        <line
          x1={0}
          x2={width}
          y1={height - margin.bottom}
          y2={height - margin.bottom}
          className="stroke-slate-300"
        />
        {days.map(({ day, videos }) => {
          const left = x(day) ?? 0
          const top = y(videos)
          const middle = left + x.bandwidth() / 2
          return (
            <g key={day}>
              {videos > 0 ? (
                <Link {...homeLinks.scheduled} tabIndex={-1}>
                  <rect
                    x={left}
                    y={top}
                    width={x.bandwidth()}
                    height={height - margin.bottom - top}
                    rx={2}
                    className="fill-amber-500 hover:fill-amber-600"
                  />
                </Link>
              ) : null}
              <text
                x={middle}
                y={top - 4}
                textAnchor="middle"
                className="fill-slate-900 tabular-nums"
              >
                {videos > 0 ? formatCount(videos) : ''}
              </text>
              <text
                x={middle}
                y={height - margin.bottom + 16}
                textAnchor="middle"
                className="fill-slate-700"
              >
                {weekday.format(asDate(day))}
              </text>
              <text
                x={middle}
                y={height - margin.bottom + 31}
                textAnchor="middle"
                className="fill-slate-700 tabular-nums"
              >
                {asDate(day).getUTCDate()}
              </text>
            </g>
          )
        })}
      </svg>
      <div className="sr-only">
        <Table
          caption="Videos scheduled on each of the next 14 days (UTC)"
          columns={[{ label: 'Day' }, { label: 'Videos' }]}
        >
          {days.map(({ day, videos }) => (
            <Row key={day}>
              <HeaderCell scope="row">{longDay.format(asDate(day))}</HeaderCell>
              <Cell>{formatCount(videos)}</Cell>
            </Row>
          ))}
        </Table>
      </div>
      <figcaption className="text-sm text-slate-700">
        {formatVideoCount(onTimeline)} in the next 14 days (UTC days).{' '}
        <Link {...homeLinks.scheduled} className={linkClasses}>
          All {formatVideoCount(scheduled)} scheduled
        </Link>
      </figcaption>
    </figure>
  )
}
