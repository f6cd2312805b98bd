import type { Browser, BrowserContext, Page } from 'playwright-core'
import { pageIndex } from './host-index.ts'

/**
 * Slows `page`'s CPU by `rate` (`Emulation.setCPUThrottlingRate`; `throttleRate` gives the one
 * for the reference device) for as long as the page lives, across its navigations; nothing for
 * a rate of 1. Call it before the page navigates, so its whole load is measured slowed.
 */
export async function throttle(page: Page, rate: number): Promise<void> {
  if (rate <= 1) return
  // The session stays attached until the page closes: detaching it would end the emulation.
  const session = await page.context().newCDPSession(page)
  await session.send('Emulation.setCPUThrottlingRate', { rate })
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
  const context = await browser.newContext()
  try {
    return await pageIndex(await newThrottledPage(context, rate))
  } finally {
    await context.close()
  }
}
