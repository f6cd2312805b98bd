import { readFileSync } from 'node:fs'
import { constants, gzipSync } from 'node:zlib'
import type { Browser, BrowserContext, Page } from 'playwright-core'

// The in-page observer (see probe.js), installed before the app's scripts in every document.
const probeScript = readFileSync(new URL('./probe.js', import.meta.url), 'utf8')

const contextOptions = {
  viewport: { width: 1280, height: 900 },
  locale: 'en-GB',
  timezoneId: 'Europe/London',
}
const cards = 'ul[aria-label="Videos"] li'

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

async function open(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(contextOptions)
  await context.addInitScript({ content: probeScript })
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  return { context, page }
}

// Expressions run through the DevTools protocol, which the app's CSP (no 'unsafe-eval') allows;
// waitForFunction predicates run inside the page, so they must be functions, not strings.
const read = <T>(page: Page, expression: string) => page.evaluate(expression) as Promise<T>

interface ProbeWindow {
  __bench: { firstCard: number | null; firstThumb: number | null }
}

async function openLibrary(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/videos`, { waitUntil: 'commit' })
  await page.waitForFunction(
    () => (window as unknown as ProbeWindow).__bench.firstCard !== null,
    undefined,
    { polling: 50 },
  )
}

async function sessionEvents(page: Page, session: string, since = 0): Promise<SessionEvents> {
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

// 1. First library page visible ---------------------------------------------------------------

export interface FirstPageRun {
  /** First frame after the first card, with its caption, was in the DOM. */
  firstCard: number
  /** The first card's thumbnail finished loading. */
  firstThumb: number | null
  fcp: number | null
  lcp: number | null
  /** The document, the last script, and the channel and video list responses: start and end. */
  documentEnd: number
  scriptsEnd: number
  channels: { start: number; end: number } | null
  videos: { start: number; end: number } | null
  longTasks: LongTask[]
  frames: LongFrame[]
}

const firstPageFigures = `(() => {
  const b = window.__bench
  const resources = performance.getEntriesByType('resource')
  const api = (path) => {
    const entry = resources.find((r) => new URL(r.name).pathname === path)
    return entry ? { start: entry.startTime, end: entry.responseEnd } : null
  }
  const scripts = resources.filter((r) => r.initiatorType === 'script' || /\\.js($|\\?)/.test(r.name))
  return {
    firstCard: b.firstCard,
    firstThumb: b.firstThumb,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    lcp: b.lcp,
    documentEnd: performance.getEntriesByType('navigation')[0]?.responseEnd ?? 0,
    scriptsEnd: Math.max(0, ...scripts.map((r) => r.responseEnd)),
    channels: api('/api/v1/channels'),
    videos: api('/api/v1/videos'),
    longTasks: b.longTasks,
    frames: b.frames,
  }
})()`

/** One fresh browser context (empty cache, no cookies) per run, navigating to `/videos`. */
export async function measureFirstPage(browser: Browser, url: string): Promise<FirstPageRun> {
  const { context, page } = await open(browser)
  try {
    await openLibrary(page, url)
    // The thumbnail is informational; give it a moment, but a slow image is not a failure.
    await page
      .waitForFunction(
        () => (window as unknown as ProbeWindow).__bench.firstThumb !== null,
        undefined,
        {
          polling: 50,
          timeout: 5_000,
        },
      )
      .catch(() => {})
    return await read<FirstPageRun>(page, firstPageFigures)
  } finally {
    await context.close()
  }
}

// 2. Search keystroke to results rendered, and 3. interactions in the library ----------------

export interface SearchSample {
  query: string
  /** Last keystroke (its keydown's event time) to the first frame showing the results. */
  latency: number | null
  status: string
}

export async function measureSearchSession(
  browser: Browser,
  url: string,
  queries: readonly string[],
): Promise<{ samples: SearchSample[]; events: SessionEvents }> {
  const { context, page } = await open(browser)
  try {
    await openLibrary(page, url)
    await page.waitForLoadState('networkidle')
    const loadedAt = await read<number>(page, 'performance.now()')
    const input = page.getByLabel('Search captions')
    const samples: SearchSample[] = []
    for (const query of queries) {
      await read(page, `window.__bench.armSearch(${JSON.stringify(query)}, 5000)`)
      await input.focus()
      await page.keyboard.press('ControlOrMeta+A')
      // A quick typist: 60 ms between keys, well inside the 200 ms debounce.
      await page.keyboard.type(query, { delay: 60 })
      const result = await read<{
        keyAt: number | null
        doneAt?: number
        status: string
        timeout?: boolean
      }>(page, 'window.__bench.searchResult')
      samples.push({
        query,
        latency:
          result.timeout || result.keyAt === null || result.doneAt === undefined
            ? null
            : result.doneAt - result.keyAt,
        status: result.timeout ? `timed out; showing ${result.status}` : result.status,
      })
      await page.waitForTimeout(300)
    }

    // The rest of a short library session, so its clicks and keys count as interactions too.
    const status = page.locator('p[aria-live="polite"]')
    await input.focus()
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.press('Backspace')
    await page.waitForFunction(
      () =>
        !new URLSearchParams(location.search).has('q') &&
        !document.querySelector('p[aria-live="polite"]')?.textContent?.includes('match'),
    )
    await status.filter({ hasNotText: 'updating' }).waitFor()
    await page.getByRole('button', { name: 'Table', exact: true }).click()
    await page.getByRole('table').first().waitFor()
    await page.getByRole('button', { name: 'Grid', exact: true }).click()
    await page.locator(cards).first().waitFor()
    const checkbox = page.locator(`${cards} input[type="checkbox"]`).first()
    await checkbox.click()
    await page.waitForTimeout(200)
    await checkbox.click()
    await page.waitForTimeout(200)
    const before = await page.locator(cards).count()
    await page.getByRole('button', { name: /^Show more/ }).click()
    await page.waitForFunction(
      ([selector, count]) => document.querySelectorAll(selector).length > count,
      [cards, before] as const,
    )
    await page.waitForTimeout(300)
    return { samples, events: await sessionEvents(page, 'search session', loadedAt) }
  } finally {
    await context.close()
  }
}

// 4. A revisit within the cache's fresh time -------------------------------------------------

export interface RevisitResult {
  /** `/api/v1/videos` requests after the first load: library → Uploads → library by nav link. */
  viaNavLink: number
  /** …then → Uploads → browser Back to the library. */
  viaBack: number
  urls: string[]
  events: SessionEvents
}

export async function measureRevisit(browser: Browser, url: string): Promise<RevisitResult> {
  const { context, page } = await open(browser)
  try {
    await openLibrary(page, url)
    await page.waitForLoadState('networkidle')
    const loadedAt = await read<number>(page, 'performance.now()')
    const urls: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/videos') urls.push(request.url())
    })
    const nav = page.getByRole('navigation', { name: 'Main' })
    const toUploads = async () => {
      await nav.getByRole('link', { name: 'Uploads' }).click()
      await page.waitForURL((target) => target.pathname === '/uploads')
      await page.getByRole('heading', { name: 'Uploads' }).waitFor()
    }
    await toUploads()
    await nav.getByRole('link', { name: 'Video library' }).click()
    await page.waitForURL((target) => target.pathname === '/videos')
    await page.locator(cards).first().waitFor()
    await page.waitForTimeout(1_000)
    const viaNavLink = urls.length
    await toUploads()
    await page.goBack()
    await page.waitForURL((target) => target.pathname === '/videos')
    await page.locator(cards).first().waitFor()
    await page.waitForTimeout(1_000)
    return {
      viaNavLink,
      viaBack: urls.length - viaNavLink,
      urls,
      events: await sessionEvents(page, 'revisit session', loadedAt),
    }
  } finally {
    await context.close()
  }
}

// 5. The JavaScript the library screen loads --------------------------------------------------

export interface ScriptSize {
  url: string
  bytes: number
  gzip: number
}

export async function measureLibraryScripts(browser: Browser, url: string): Promise<ScriptSize[]> {
  const { context, page } = await open(browser)
  try {
    const bodies: Array<Promise<ScriptSize | null>> = []
    page.on('response', (response) => {
      const type = response.request().resourceType()
      const contentType = response.headers()['content-type'] ?? ''
      if (type !== 'script' && !contentType.includes('javascript')) return
      bodies.push(
        response.body().then(
          (body) => ({
            url: response.url(),
            bytes: body.length,
            gzip: gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length,
          }),
          () => null,
        ),
      )
    })
    await openLibrary(page, url)
    await page.waitForLoadState('networkidle')
    const sizes = (await Promise.all(bodies)).filter((size): size is ScriptSize => size !== null)
    const unique = new Map(sizes.map((size) => [size.url, size]))
    return [...unique.values()].sort((a, b) => b.gzip - a.gzip)
  } finally {
    await context.close()
  }
}
