import type { Browser } from 'playwright-core'
import { chromiumIndex, HostSpeed } from './host-index.ts'
import type { Hosts } from './report.ts'
import { browserReference, type Reference } from './scale.ts'
import { calibrateThrottle, indexUnderThrottle } from './throttle.ts'

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
  hosts(): Hosts
}

/**
 * Measures Chromium's index before the timed work and decides the slowdown from it: the rate a
 * page reads about 1,000 under (`calibrateThrottle`).
 */
export async function chromiumHost(browser: Browser): Promise<ChromiumHost> {
  const speed = await HostSpeed.start('chromium', () => chromiumIndex(browser))
  const { rate, underThrottle } = await calibrateThrottle(
    speed.atStart,
    async (rate) => (await indexUnderThrottle(browser, rate)) ?? speed.atStart,
  )
  return {
    speed,
    rate,
    underThrottle,
    end: () => speed.end(),
    reference: () => browserReference(speed, rate),
    hosts: () => ({ speeds: [speed], throttleRate: rate, underThrottle }),
  }
}
