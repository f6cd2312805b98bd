import { readFileSync } from 'node:fs'
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core'
import { guardResponses } from '../reference/guard.ts'
import { newThrottledPage } from '../reference/throttle.ts'
import { signInContext } from './account.ts'

// What every measure of the library shares: a fresh context with the probe installed, the
// library opened, and what the probe saw.

// The in-page observer (see probe.js), installed before the app's scripts in every document.
const probeScript = readFileSync(new URL('./probe.js', import.meta.url), 'utf8')

const contextOptions = {
  viewport: { width: 1280, height: 900 },
  locale: 'en-GB',
  timezoneId: 'Europe/London',
}
export const cards = 'ul[aria-label="Videos"] li'

export interface Interaction {
  name: string
  duration: number
  startTime: number
  inputDelay: number
  processing: number
  interactionId: number
  target: string | null
  page: string
}

export interface LongTask {
  startTime: number
  duration: number
  page: string
}

export interface LongFrame extends LongTask {
  blockingDuration: number
  scripts: Array<{
    invoker: string
    sourceURL: string
    sourceFunctionName: string
    duration: number
    forcedStyleAndLayoutDuration: number
  }>
}

/** What the probe saw in one page: interactions, and long tasks and frames split at `since`. */
export interface SessionEvents {
  session: string
  interactions: Interaction[]
  longTasks: LongTask[]
  frames: LongFrame[]
}

/** Where the library is measured: the browser, the dashboard, and the CPU slowdown of its pages. */
export interface Lab {
  browser: Browser
  url: string
  /** `Emulation.setCPUThrottlingRate` for every measured page (1: none). */
  rate: number
}

/**
 * A fresh context, signed in, with the probe installed, whose responses are guarded (close it
 * with `closeGuarded`), and its page slowed by the lab's rate.
 */
export async function open({
  browser,
  url,
  rate,
}: Lab): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(contextOptions)
  await signInContext(context, url)
  guardResponses(context)
  await context.addInitScript({ content: probeScript })
  const page = await newThrottledPage(context, rate)
  page.setDefaultTimeout(15_000)
  return { context, page }
}

// Expressions run through the DevTools protocol, which the app's CSP (no 'unsafe-eval') allows;
// waitForFunction predicates run inside the page, so they must be functions, not strings.
export const read = <T>(page: Page, expression: string) => page.evaluate(expression) as Promise<T>

export interface ProbeWindow {
  __bench: { firstCard: number | null; firstThumb: number | null }
}

/**
 * Navigates to the library and resolves once the probe has seen the first card. It waits for the
 * probe's console message rather than polling: Playwright's polling injects its own script into
 * the page, which cost about 60 ms of the loading page's main thread. A page that never shows a
 * card fails with what it showed instead, and the errors it logged.
 */
export async function openLibrary(page: Page, url: string): Promise<void> {
  const errors: string[] = []
  const logError = (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(message.text())
  }
  const pageError = (error: Error) => errors.push(String(error))
  page.on('console', logError)
  page.on('pageerror', pageError)
  const firstCard = page.waitForEvent('console', {
    predicate: (message) => message.text() === 'bench: first card',
  })
  try {
    const response = await page.goto(`${url}/videos`, { waitUntil: 'commit' })
    await firstCard.catch(async (error: unknown) => {
      const shown = await pageShown(page).catch((reason) => `unreadable (${reason})`)
      throw new Error(
        `no first card on /videos (document ${response?.status() ?? 'not answered'}; ${shown}` +
          `${errors.length ? `; errors: ${errors.join(' | ').slice(0, 400)}` : ''}): ${error}`,
      )
    })
  } finally {
    page.off('console', logError)
    page.off('pageerror', pageError)
  }
}

// What a page that never showed a card was showing, for the failure's message.
const pageShown = (page: Page) =>
  page.evaluate((selector) => {
    const text = (document.getElementById('root')?.textContent ?? '').replace(/\s+/g, ' ').trim()
    return [
      `at ${location.pathname}${location.search}`,
      `readyState ${document.readyState}`,
      `probe ${'__bench' in window ? 'installed' : 'missing'}`,
      `${document.querySelectorAll(selector).length} cards`,
      `text "${text.slice(0, 200)}"`,
    ].join(', ')
  }, cards)

export async function sessionEvents(
  page: Page,
  session: string,
  since = 0,
): Promise<SessionEvents> {
  const seen = await read<Omit<SessionEvents, 'session'>>(
    page,
    '({ interactions: window.__bench.interactions, longTasks: window.__bench.longTasks, frames: window.__bench.frames })',
  )
  return {
    session,
    interactions: seen.interactions,
    longTasks: seen.longTasks.filter((task) => task.startTime >= since),
    frames: seen.frames.filter((frame) => frame.startTime >= since),
  }
}
