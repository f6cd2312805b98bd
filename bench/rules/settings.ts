const whole = (name: string, fallback: number) => {
  const text = process.env[name]
  if (!text) return fallback
  const value = Number(text)
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name}: ${JSON.stringify(text)} is not a whole number`)
  return value
}

/** bench:rules' sizes (BENCH_RULES_*), the issue's by default. */
export const settings = {
  /** The sandbox's demo library. */
  videos: whole('BENCH_RULES_VIDEOS', 100_000),
  /** Rules switched on: half woken by video_created, half by video_updated. */
  rules: whole('BENCH_RULES_RULES', 50),
  /**
   * Videos the burst creates at the service (in one channel: the service allows 20 per 5 minutes
   * there), and library videos it updates.
   */
  created: whole('BENCH_RULES_CREATED', 20),
  updated: whole('BENCH_RULES_UPDATED', 340),
  /** Over how long the burst's changes are made. */
  burstSeconds: whole('BENCH_RULES_BURST_SECONDS', 30),
  /** Edits of a rule being written, each previewed. */
  edits: whole('BENCH_RULES_EDITS', 50),
  dryRuns: whole('BENCH_RULES_DRY_RUNS', 3),
  /** How long the actions may take to arrive after the burst's last change. */
  settleSeconds: whole('BENCH_RULES_SETTLE_SECONDS', 180),
  /** The engine's options, when set (its defaults otherwise: a sweep each 10 s, leases of 30 s). */
  sweepMs: process.env.BENCH_RULES_SWEEP_MS,
  leaseMs: process.env.BENCH_RULES_LEASE_MS,
}
