import { scaleLinear } from '@visx/scale'
import { useId } from 'react'
import type { Calibration } from '@/api/review'
import { bandLabel, bandMidpoint, formatShare } from './insights-format'

type Band = Calibration['bands'][number]

const width = 360
const height = 260
const margin = { top: 12, right: 12, bottom: 40, left: 48 }
const x = scaleLinear({ domain: [0, 100], range: [margin.left, width - margin.right] })
const y = scaleLinear({ domain: [0, 1], range: [height - margin.bottom, margin.top] })
const shares = [0, 0.25, 0.5, 0.75, 1]
const scores = [0, 20, 40, 60, 80, 100]

/** The chart in words: how the accepted share moves with the score, and which bands say little. */
export function chartSummary(bands: readonly Band[]) {
  const shown = bands.filter((band) => band.share !== null)
  if (shown.length === 0) return 'No decisions to chart yet.'
  const first = shown[0] as Band
  const last = shown.at(-1) as Band
  const sentences = [
    shown.length === 1
      ? `Only scores ${bandLabel(first.band)} have decisions: ${formatShare(first.share)} accepted.`
      : `The accepted share goes from ${formatShare(first.share)} at scores ${bandLabel(first.band)} to ${formatShare(last.share)} at ${bandLabel(last.band)}.`,
  ]
  const under = shown.filter(
    (band) => !band.sparse && (band.high ?? 1) < bandMidpoint(band.band) / 100,
  )
  const over = shown.filter(
    (band) => !band.sparse && (band.low ?? 0) > bandMidpoint(band.band) / 100,
  )
  if (over.length > 0)
    sentences.push(
      `Accepted more often than the score says (above the diagonal, interval included): ${over.map((band) => bandLabel(band.band)).join(', ')}.`,
    )
  if (under.length > 0)
    sentences.push(
      `Accepted less often than the score says (below the diagonal): ${under.map((band) => bandLabel(band.band)).join(', ')}.`,
    )
  const sparse = shown.filter((band) => band.sparse)
  if (sparse.length > 0)
    sentences.push(
      `Greyed, with too few decisions to say much: ${sparse.map((band) => bandLabel(band.band)).join(', ')}.`,
    )
  return sentences.join(' ')
}

/**
 * The reliability chart: each band's accepted share at its score, with its Wilson 95% interval,
 * against the diagonal where the share equals the score. The table beside it carries the same
 * figures; this says them in words for screen readers.
 */
export function ReliabilityChart({ bands }: { bands: readonly Band[] }) {
  const summaryId = useId()
  return (
    <figure className="space-y-2">
      <svg
        role="img"
        aria-label="Reliability chart: the share of suggestions accepted, by score band"
        aria-describedby={summaryId}
        viewBox={`0 0 ${width} ${height}`}
        className="w-full max-w-xl text-slate-700"
      >
        {shares.map((share) => (
          <g key={share}>
            <line
              x1={margin.left}
              x2={width - margin.right}
              y1={y(share)}
              y2={y(share)}
              className="stroke-slate-200"
            />
            <text
              x={margin.left - 6}
              y={y(share)}
              dy="0.32em"
              textAnchor="end"
              fontSize={11}
              className="fill-current"
            >
              {formatShare(share, 0)}
            </text>
          </g>
        ))}
        {scores.map((score) => (
          <text
            key={score}
            x={x(score)}
            y={height - margin.bottom + 16}
            textAnchor="middle"
            fontSize={11}
            className="fill-current"
          >
            {score}
          </text>
        ))}
        <text
          x={(margin.left + width - margin.right) / 2}
          y={height - 6}
          textAnchor="middle"
          fontSize={12}
          className="fill-current"
        >
          Score
        </text>
        <text
          transform={`translate(12 ${(margin.top + height - margin.bottom) / 2}) rotate(-90)`}
          textAnchor="middle"
          fontSize={12}
          className="fill-current"
        >
          Accepted
        </text>
        <line
          x1={x(0)}
          y1={y(0)}
          x2={x(100)}
          y2={y(1)}
          strokeDasharray="4 4"
          className="stroke-slate-400"
        />
        {bands.map((band) =>
          band.share === null ? null : (
            <g key={band.band} className={band.sparse ? 'text-slate-400' : 'text-indigo-700'}>
              <line
                x1={x(bandMidpoint(band.band))}
                x2={x(bandMidpoint(band.band))}
                y1={y(band.low ?? band.share)}
                y2={y(band.high ?? band.share)}
                strokeWidth={2}
                className="stroke-current"
              />
              {[band.low, band.high].map((end, i) => (
                <line
                  key={i === 0 ? 'low' : 'high'}
                  x1={x(bandMidpoint(band.band)) - 4}
                  x2={x(bandMidpoint(band.band)) + 4}
                  y1={y(end ?? band.share ?? 0)}
                  y2={y(end ?? band.share ?? 0)}
                  strokeWidth={2}
                  className="stroke-current"
                />
              ))}
              <circle
                cx={x(bandMidpoint(band.band))}
                cy={y(band.share)}
                r={5}
                className={band.sparse ? 'fill-white stroke-current' : 'fill-current'}
                strokeWidth={2}
              />
            </g>
          ),
        )}
      </svg>
      <figcaption id={summaryId} className="text-sm text-slate-700">
        {chartSummary(bands)} The dashed diagonal is where the accepted share equals the score; the
        bars are 95% intervals; hollow grey points have fewer than 30 decisions.
      </figcaption>
    </figure>
  )
}
