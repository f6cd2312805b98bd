import { ms, percentile } from '../ui/stats.ts'
import { describe, type Reference, toReference } from './scale.ts'

/** One line of a benchmark's table, and (with a key) one figure of its JSON line. */
export interface Row {
  figure: string
  result: string
  goal: string
  /** null when the figure has no goal or could not be measured. */
  met: boolean | null
  /** The figure's key in the JSON line the benchmark ends with, and its number there. */
  key?: string
  value?: number | null
  /** How a timing reaches the reference device (`value` is the reference figure). */
  reference?: Reference
  /** A scaled timing as measured on this host. */
  measured?: number | null
  /** The table's last column: how the figure was referred, or why it is marked. */
  note?: string
}

export interface Timing {
  figure: string
  /** As measured on this host; null or NaN when it could not be. */
  measured: number | null | undefined
  /** The goal, on the reference device, in the figure's unit. */
  atMost?: number
  /** The goal's words, when not `≤ {atMost} ms`. */
  goal?: string
  key?: string
  /** What else the goal needs (every sample measured…). */
  and?: boolean
  /** How a figure reads (milliseconds unless told). */
  format?: (value: number | null) => string
}

/** A timing's row: the reference figure, its goal against that, and how it was referred. */
export function timing(reference: Reference, figure: Timing): Row {
  const measured = figure.measured == null || Number.isNaN(figure.measured) ? null : figure.measured
  const value = measured === null ? null : toReference(reference, measured)
  const format = figure.format ?? ms
  return {
    figure: figure.figure,
    result: format(value),
    goal: figure.goal ?? (figure.atMost === undefined ? '' : `≤ ${figure.atMost} ms`),
    met:
      figure.atMost === undefined
        ? null
        : value !== null && value <= figure.atMost && (figure.and ?? true),
    ...(figure.key ? { key: figure.key } : {}),
    value,
    reference,
    measured,
    note: describe(reference, reference.basis === 'scaled' ? format(measured) : undefined),
  }
}

/** A timing's median and p95 in one row; the median is the figure (under `key`, if given). */
export function p50AndP95(
  reference: Reference,
  figure: { figure: string; values: number[]; key?: string },
): Row {
  const [p50, p95] = [0.5, 0.95].map((p) => percentile(figure.values, p)) as [number, number]
  return {
    ...timing(reference, { figure: figure.figure, measured: p50, key: figure.key }),
    result: `${ms(p50 * reference.factor)} / ${ms(p95 * reference.factor)}`,
  }
}

/** Where a scaled figure's measured value goes beside its reference: `xP95Ms` → `xP95MeasuredMs`. */
export function measuredKey(key: string): string {
  const unit = /(Ms|Seconds|S)$/.exec(key)?.[0]
  return unit ? `${key.slice(0, -unit.length)}Measured${unit}` : `${key}Measured`
}

/** A figure for JSON: a fraction (a layout shift score) keeps three decimals; the rest one. */
export const rounded = (value: number | null | undefined) =>
  value === undefined || value === null || Number.isNaN(value)
    ? null
    : Math.abs(value) < 1
      ? Math.round(value * 1000) / 1000
      : Math.round(value * 10) / 10

/** The keyed figures (null for those not measured), with each scaled one's measured value. */
export function keyedFigures(rows: readonly Row[]): Record<string, number | null> {
  const figures: Record<string, number | null> = {}
  for (const row of rows) {
    if (!row.key) continue
    figures[row.key] = rounded(row.value)
    if (row.reference?.basis === 'scaled' && row.measured !== undefined)
      figures[measuredKey(row.key)] = rounded(row.measured)
  }
  return figures
}

export function table(rows: readonly Row[]): string {
  const headers: Row = { figure: 'Figure', result: 'Result', goal: 'Goal', met: null }
  const width = (pick: (row: Row) => string) =>
    Math.max(...[headers, ...rows].map((row) => pick(row).length))
  const widths = {
    figure: width((row) => row.figure),
    result: width((row) => row.result),
    goal: width((row) => row.goal),
  }
  const mark = (row: Row) => (row.met === null ? '' : row.met ? 'met' : 'MISSED')
  const line = (row: Row, met: string, note: string) =>
    `${row.figure.padEnd(widths.figure)}  ${row.result.padStart(widths.result)}  ${row.goal.padEnd(widths.goal)}  ${met.padEnd(6)}  ${note}`.trimEnd()
  return [
    line(headers, '', 'Reference device (index 1,000)'),
    `${'-'.repeat(widths.figure)}  ${'-'.repeat(widths.result)}  ${'-'.repeat(widths.goal)}  ------  ${'-'.repeat(30)}`,
    ...rows.map((row) => line(row, mark(row), row.note ?? '')),
  ].join('\n')
}
