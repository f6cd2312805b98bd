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

export const seconds = (value: number | null | undefined) =>
  value == null || Number.isNaN(value) ? 'n/a' : `${value.toFixed(1)} s`

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
