/** Nearest-rank percentile (p in 0..1) of the numbers given; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length)))
  return sorted[rank - 1] as number
}

export const max = (values: readonly number[]) =>
  values.length === 0 ? Number.NaN : Math.max(...values)

export const ms = (value: number | null | undefined) =>
  value == null || Number.isNaN(value) ? 'n/a' : `${Math.round(value)} ms`

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

export interface Row {
  figure: string
  result: string
  goal: string
  /** null when the figure has no goal or could not be measured. */
  met: boolean | null
  /** The figure's key in the JSON line the benchmark ends with, and its number there. */
  key?: string
  value?: number | null
}

/** The last line: one JSON object of the keyed figures (null for those not measured). */
export function figuresJson(rows: readonly Row[]): string {
  const figure = (value: number | null | undefined) =>
    value === undefined || value === null || Number.isNaN(value)
      ? null
      : // A fraction (a layout shift score) keeps three decimals; the rest one.
        Math.abs(value) < 1
        ? Math.round(value * 1000) / 1000
        : Math.round(value * 10) / 10
  return JSON.stringify(
    Object.fromEntries(rows.filter((row) => row.key).map((row) => [row.key, figure(row.value)])),
  )
}

export function table(rows: readonly Row[]): string {
  const headers: Row = { figure: 'Figure', result: 'Result', goal: 'Goal', met: null }
  const widths = {
    figure: Math.max(...[headers, ...rows].map((row) => row.figure.length)),
    result: Math.max(...[headers, ...rows].map((row) => row.result.length)),
    goal: Math.max(...[headers, ...rows].map((row) => row.goal.length)),
  }
  const line = (row: Row, mark: string) =>
    `${row.figure.padEnd(widths.figure)}  ${row.result.padStart(widths.result)}  ${row.goal.padEnd(widths.goal)}  ${mark}`.trimEnd()
  return [
    line(headers, ''),
    `${'-'.repeat(widths.figure)}  ${'-'.repeat(widths.result)}  ${'-'.repeat(widths.goal)}  ------`,
    ...rows.map((row) => line(row, row.met === null ? '' : row.met ? 'met' : 'MISSED')),
  ].join('\n')
}
