import { expect, it } from 'vitest'
import { lighthouseMultiplier } from '../../../bench/reference/scale.ts'
import {
  attemptProblem,
  attemptUntilSound,
  type LighthouseAttempt,
} from '../../../bench/ui/lighthouse-attempts.ts'

// One Lighthouse run on the desktop preset: its slowdown set from the host's reading before it,
// and what Lighthouse read of the host itself just before its load.
const run = (setFrom: number, ownIndex: number | null, error: string | null = null) => ({
  preset: 'desktop' as const,
  error,
  setFrom,
  multiplier: lighthouseMultiplier('desktop', setFrom),
  ownIndex,
})

const scripted = <T extends LighthouseAttempt>(attempts: T[]) => {
  const made: T[] = []
  const once = async () => {
    const next = attempts[made.length]
    if (!next) throw new Error('more attempts than scripted')
    made.push(next)
    return next
  }
  return { made, once }
}

it('keeps a run whose host read what its slowdown was set from', async () => {
  const { made, once } = scripted([run(1500, 1400)])
  expect(await attemptUntilSound(once)).toEqual({ kept: made[0], warnings: [] })
  expect(made).toHaveLength(1)
})

it('repeats a run on a host that changed speed, and says why', async () => {
  const sound = run(1300, 1250)
  const { made, once } = scripted([run(2436, 1220), sound])
  const { kept, warnings } = await attemptUntilSound(once)
  expect(kept).toBe(sound)
  expect(made).toHaveLength(2)
  expect(warnings).toEqual([
    "repeated after: the host changed speed: Lighthouse's own benchmarkIndex read 1220 against the 2436 its slowdown was set from (slowed 2.00× the device asked for)",
  ])
})

it('repeats a run that lost its trace', async () => {
  const { made, once } = scripted([run(1500, null, 'NO_NAVSTART'), run(1500, 1500)])
  const { kept, warnings } = await attemptUntilSound(once)
  expect(kept).toBe(made[1])
  expect(warnings).toEqual(['repeated after: runtime error: NO_NAVSTART'])
})

it('after three unsound runs keeps the one slowed nearest the host, and flags it', async () => {
  const nearest = run(2000, 1500)
  const { once } = scripted([
    run(2400, 1200),
    run(2000, 1500, 'NO_NAVSTART'),
    nearest,
    run(900, 900),
  ])
  const { kept, warnings } = await attemptUntilSound(once)
  expect(kept).toBe(nearest)
  expect(warnings).toHaveLength(3)
  expect(warnings[2]).toMatch(/^kept after 3 attempts, though the host changed speed/)
})

it('a slower host than the reference is not slowed either way, so its reading does not matter', () => {
  expect(attemptProblem(run(900, 500))).toBeNull()
  // Mobile divides by 500: 900 and 700 ask 1.8× and 1.4×, more than a fifth apart.
  expect(attemptProblem({ ...run(900, 700), preset: 'mobile', multiplier: 1.8 })).toMatch(
    /read 700 against the 900/,
  )
})
