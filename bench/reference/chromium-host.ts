import type { Browser } from 'playwright-core'
import { cpuLimit } from './cpu-limit.ts'
import { chromiumIndex, HostSpeed, referenceIndex } from './host-index.ts'
import type { Hosts, Phase } from './report.ts'
import { browserReference, type Reference, referenceAt, serverReference } from './scale.ts'
import { calibrateThrottle, indexUnderThrottle, settleThrottle } from './throttle.ts'

/** A browser benchmark's Chromium: its index at the start, and the slowdown its pages get. */
export interface ChromiumHost {
  speed: HostSpeed
  /** `Emulation.setCPUThrottlingRate` for every measured page (1: none). */
  rate: number
  /** The index in a page slowed by `rate` (about 1,000), or null when nothing is slowed. */
  underThrottle: number | null
  /** Measures the index again at the end of the timed work (before the browser closes). */
  end(): Promise<void>
  /** How the pages' timings reach the reference device (after `end`). */
  reference(): Reference
  /**
   * Before a later timed phase: measures the host again and decides the rate from what it reads
   * now, as at the start. Gives that rate (for the phase's pages: `throttle`) and how the phase's
   * timings reach the reference.
   */
  rethrottle(phase: string): Promise<{ rate: number; reference: Reference }>
  hosts(): Hosts
}

/**
 * Measures Chromium's index before the timed work and decides the slowdown from it: the rate a
 * page reads about 1,000 under (`calibrateThrottle`). Under BENCH_CPU_LIMIT, Chromium plays a
 * slower machine instead (`slowerMachine`).
 */
export async function chromiumHost(browser: Browser): Promise<ChromiumHost> {
  const limit = cpuLimit()
  if (limit !== null) {
    const slower = await slowerMachine(browser, limit)
    if (slower) return slower
  }
  const speed = await HostSpeed.start('chromium', () => chromiumIndex(browser))
  const settle = (hostIndex: number) =>
    settleThrottle(
      hostIndex,
      () => chromiumIndex(browser),
      (rate, index) => pageIndexAt(browser, rate, index),
    )
  const { rate, underThrottle } = await settle(speed.atStart)
  const phases: Phase[] = []
  return {
    speed,
    rate,
    underThrottle,
    end: () => speed.end(),
    reference: () => browserReference(speed, rate),
    async rethrottle(name) {
      // A rate decided at the start is right only while the host keeps its speed: hosts here
      // moved by a third within one run (docs/benchmarking.md#a-host-that-changes-speed).
      const again = await settle(await chromiumIndex(browser))
      phases.push({ name, ...again })
      return { rate: again.rate, reference: referenceAt(again.hostIndex, again.rate) }
    },
    hosts: () => ({ speeds: [speed], throttleRate: rate, underThrottle, phases }),
  }
}

const pageIndexAt = async (browser: Browser, rate: number, unslowed: number) =>
  (await indexUnderThrottle(browser, rate)) ?? unslowed

/**
 * Chromium as a machine `limit` times this one's speed, for `npm run bench:two-speeds`: every
 * page is slowed until it reads that index, and its timings are then scaled to the reference as
 * on a slower host. A CPU quota cannot stand for a slower machine here (Chromium under one reads
 * an index 4-8 times below what its pages then take: docs/benchmarking.md#two-speeds). Null when
 * that machine would still be faster than the reference: the benchmark runs as usual.
 */
async function slowerMachine(browser: Browser, limit: number): Promise<ChromiumHost | null> {
  const real = await chromiumIndex(browser)
  const target = real * limit
  if (target >= referenceIndex) return null
  const { rate } = await calibrateThrottle(real, (rate) => pageIndexAt(browser, rate, real), target)
  const speed = await HostSpeed.start('chromium', () => pageIndexAt(browser, rate, real))
  return {
    speed,
    rate,
    underThrottle: speed.atStart,
    end: () => speed.end(),
    reference: () => serverReference(speed),
    // Playing a slower machine, the pages keep the rate that made them read it.
    rethrottle: async () => ({ rate, reference: serverReference(speed) }),
    hosts: () => ({ speeds: [speed], throttleRate: rate, underThrottle: speed.atStart, real }),
  }
}
