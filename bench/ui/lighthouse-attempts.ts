import { lighthouseMultiplier, type Preset } from '../reference/scale.ts'

// A Lighthouse run is made again when its figures are not the page's on the device it was asked
// to emulate: Lighthouse lost its own trace of the load, or the host it loaded the page on was
// not the host its CPU slowdown was set from. Its simulation multiplies the load's measured CPU
// work by the slowdown, so a host twice as slow as the reading before the run emulates a device
// twice as slow as the one asked for (one run here: set from 2,436, Lighthouse's own reading
// 1,220, total blocking time 354 ms against 0 at the record).

export interface LighthouseAttempt {
  preset: Preset
  /** Lighthouse's runtime error, if any (its figures are then none). */
  error: string | null
  /** The host index the run's `cpuSlowdownMultiplier` was set from, and that multiplier. */
  setFrom: number
  multiplier: number
  /** The index Lighthouse measured in its own page just before its load. */
  ownIndex: number | null
}

/** How far the slowdown asked may stray from the one Lighthouse's own reading would give. */
export const slowdownTolerance = 0.2

/** How much the slowdown asked was off, as a ratio to the one Lighthouse's own reading gives. */
export function slowdownOff(attempt: LighthouseAttempt): number {
  if (attempt.ownIndex === null || attempt.ownIndex <= 0) return 1
  return attempt.multiplier / lighthouseMultiplier(attempt.preset, attempt.ownIndex)
}

/** Why an attempt's figures are not the page's at the asked device, or null when they are. */
export function attemptProblem(attempt: LighthouseAttempt): string | null {
  if (attempt.error) return `runtime error: ${attempt.error}`
  const off = slowdownOff(attempt)
  if (Math.abs(off - 1) <= slowdownTolerance) return null
  return `the host changed speed: Lighthouse's own benchmarkIndex read ${Math.round(attempt.ownIndex ?? 0)} against the ${Math.round(attempt.setFrom)} its slowdown was set from (slowed ${off.toFixed(2)}× the device asked for)`
}

/**
 * Makes attempts until one has no problem or `maxAttempts` were made. Kept: the sound one, or
 * else the figures whose slowdown came nearest the host's, or the last; each problem that led to
 * another attempt, and one the kept attempt still has, is a warning.
 */
export async function attemptUntilSound<T extends LighthouseAttempt>(
  once: () => Promise<T>,
  maxAttempts = 3,
): Promise<{ kept: T; warnings: string[] }> {
  const made: T[] = []
  const warnings: string[] = []
  for (;;) {
    const attempt = await once()
    made.push(attempt)
    const problem = attemptProblem(attempt)
    if (!problem) return { kept: attempt, warnings }
    if (made.length < maxAttempts) {
      warnings.push(`repeated after: ${problem}`)
      continue
    }
    const measured = made.filter((each) => !each.error)
    const distance = (each: T) => Math.abs(Math.log(slowdownOff(each)))
    const kept = measured.sort((a, b) => distance(a) - distance(b))[0] ?? attempt
    const left = attemptProblem(kept)
    if (left) warnings.push(`kept after ${maxAttempts} attempts, though ${left}`)
    return { kept, warnings }
  }
}
