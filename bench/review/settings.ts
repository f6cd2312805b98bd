// bench:review's knobs (environment variables); the goals hold for the defaults.
const number = (name: string, fallback: number, valid: (value: number) => boolean) => {
  const text = process.env[name]
  if (text === undefined || text === '') return fallback
  const value = Number(text)
  if (!valid(value)) throw new Error(`${name}: ${JSON.stringify(text)} is not a valid value`)
  return value
}
const whole = (value: number) => Number.isInteger(value) && value >= 0
const positive = (value: number) => value > 0

const minutes = number('BENCH_REVIEW_MINUTES', 10, positive)
const timedVideos = number('BENCH_REVIEW_VIDEOS', 20, whole)

export const settings = {
  /** Videos whose every key is timed (decision, advance). */
  timedVideos,
  /** How long the scripted reviewer goes on after them. */
  minutes,
  /** The share of its decisions it gets wrong on purpose (and the seeded history's). */
  errorRate: number('BENCH_REVIEW_ERROR_RATE', 0.02, (value) => value >= 0 && value < 0.5),
  /** Seeds the reviewer's mistakes and the history. */
  seed: number('BENCH_REVIEW_SEED', 36, whole),
  /** Past decisions seeded into the ledger before the calibration page is timed. */
  history: number('BENCH_REVIEW_HISTORY', 100_000, whole),
  calibrationReads: number('BENCH_REVIEW_CALIBRATION_READS', 120, (value) => value >= 1),
  /** Fresh videos matched with auto-accept on. */
  autoVideos: number('BENCH_REVIEW_AUTO_VIDEOS', 300, (value) => whole(value) && value > 0),
  /** Videos matched for the reviewer before it starts; more when the queue runs out. */
  queueVideos: number(
    'BENCH_REVIEW_QUEUE',
    timedVideos + Math.ceil(minutes * 120),
    (value) => whole(value) && value > timedVideos,
  ),
  refillVideos: 200,
  /** The sandbox's demo library: 70% of it on the reviewed channel, the rest on the other. */
  sandboxVideos: number('BENCH_REVIEW_SANDBOX_VIDEOS', 6000, (value) => whole(value) && value > 0),
}
