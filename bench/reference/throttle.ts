import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core'
import { chromiumIndex, referenceIndex } from './host-index.ts'

// Each slowed page's session, so a later phase can change its rate (`throttle` again).
const sessions = new WeakMap<Page, CDPSession>()

/**
 * Slows `page`'s CPU by `rate` (`Emulation.setCPUThrottlingRate`; `throttleRate` gives the one
 * for the reference device) for as long as the page lives, across its navigations; nothing for
 * a rate of 1 on a page not slowed yet. Called again, it changes the rate (1: no longer slowed).
 * Call it before the page navigates, so its whole load is measured slowed.
 */
export async function throttle(page: Page, rate: number): Promise<void> {
  if (rate <= 1 && !sessions.has(page)) return
  // The session stays attached until the page closes: detaching it would end the emulation.
  let session = sessions.get(page)
  if (!session) {
    session = await page.context().newCDPSession(page)
    sessions.set(page, session)
  }
  await session.send('Emulation.setCPUThrottlingRate', { rate: Math.max(1, rate) })
}

/** A new page of `context`, slowed by `rate` before it loads anything. */
export async function newThrottledPage(context: BrowserContext, rate: number): Promise<Page> {
  const page = await context.newPage()
  await throttle(page, rate)
  return page
}

/**
 * Slows every page of `context` by `rate`: those open now, and each one opened later as it opens
 * (a page the app opens itself may run its first scripts before the throttle applies; open
 * measured pages with `newThrottledPage`).
 */
export async function throttleContext(context: BrowserContext, rate: number): Promise<void> {
  if (rate <= 1) return
  context.on('page', (page) => {
    throttle(page, rate).catch(() => {})
  })
  await Promise.all(context.pages().map((page) => throttle(page, rate)))
}

/**
 * Lighthouse's index in a page of `browser` slowed by `rate`: about 1,000 when the rate is the
 * reference's and the throttle does what it is asked (null when nothing is slowed).
 */
export async function indexUnderThrottle(browser: Browser, rate: number): Promise<number | null> {
  if (rate <= 1) return null
  return chromiumIndex(browser, (page) => throttle(page, rate))
}

/** A throttle rate and the index a page slowed by it reads (null: nothing slowed). */
export interface Throttle {
  rate: number
  underThrottle: number | null
}

// Within this share of the reference, a slowed page counts as the reference device.
const closeEnough = 0.05
const rounds = 4

/**
 * The rate that slows a page of a host of `hostIndex` to a device of index `target` (the
 * reference's 1,000 unless asked). It starts at hostIndex / target, but Chromium's throttle slows
 * more than asked (a page slowed to the reference that way reads 730-955, not 1,000:
 * docs/decisions/0026-throttle-calibrated-to-the-reference.md), so the rate is corrected by what
 * `measure` reads under it, a few times, and the rate whose page read closest to the target is
 * kept. A host no faster than the target is not slowed.
 */
export async function calibrateThrottle(
  hostIndex: number,
  measure: (rate: number) => Promise<number>,
  target = referenceIndex,
): Promise<Throttle> {
  let rate = Math.max(1, hostIndex / target)
  if (rate <= 1) return { rate: 1, underThrottle: null }
  let best: { rate: number; underThrottle: number } | null = null
  const miss = (index: number) => Math.abs(index / target - 1)
  for (let round = 0; round < rounds; round++) {
    const index = await measure(rate)
    if (!best || miss(index) < miss(best.underThrottle)) best = { rate, underThrottle: index }
    if (miss(index) <= closeEnough) break
    const next = Math.max(1, (rate * index) / target)
    if (next === 1) break
    rate = next
  }
  return best ?? { rate: 1, underThrottle: null }
}

/** A calibration whose page read further than this share from its target is tried again. */
const settledWithin = 0.1
const attempts = 2

/**
 * `calibrateThrottle` from the host's index `hostIndex`, tried again from a fresh reading of the
 * host (`measureHost`) when its best page read more than 10% from the target: the host moved
 * while the rate was being set. Keeps the attempt whose page read closest, with the index it
 * started from.
 */
export async function settleThrottle(
  hostIndex: number,
  measureHost: () => Promise<number>,
  measurePage: (rate: number, hostIndex: number) => Promise<number>,
  target = referenceIndex,
): Promise<Throttle & { hostIndex: number }> {
  const miss = (throttle: Throttle) =>
    throttle.underThrottle === null ? 0 : Math.abs(throttle.underThrottle / target - 1)
  let host = hostIndex
  let best: (Throttle & { hostIndex: number }) | null = null
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) host = await measureHost()
    const from = host
    const throttle = await calibrateThrottle(from, (rate) => measurePage(rate, from), target)
    if (!best || miss(throttle) < miss(best)) best = { ...throttle, hostIndex: from }
    if (miss(throttle) <= settledWithin) break
  }
  return best ?? { rate: 1, underThrottle: null, hostIndex }
}
