// npm run bench:review — keyboard review of AI match suggestions in headless Chromium, against the
// real dashboard server with its embedded sandbox (demo seed: videos with pending suggestions).
// 20 videos of the queue are reviewed from the keyboard alone: every suggestion decided (`a` or
// `x`), then Enter. Each decision is timed from its keydown's event time to the first frame that
// shows it (the suggestion's state and the one in front of the reviewer; bench/review/probe.js);
// each advance from Enter's keydown to the first frame showing the next video's suggestions, the
// service's answer to the submit included. Goals: decision p95 ≤ 16 ms, advance p95 ≤ 100 ms.
// A decision's time is also split into its parts (the probe's outcome), each printed at its p95:
// frames come every 16.7 ms, so a change made just after one waits most of a frame to be shown.
// Timings are the reference device's (bench/reference): the page is slowed to it from Chromium's
// index at the start, or its timings scaled on a slower host. A response of the page answered
// 401 or 5xx fails the run.
// A benchmark: a missed goal is a figure; it exits non-zero only when it cannot measure.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { chromiumHost } from './reference/chromium-host.ts'
import { type Row, timing } from './reference/figures.ts'
import { assertNoRefusals, guardResponses } from './reference/guard.ts'
import { printReport } from './reference/report.ts'
import { newThrottledPage } from './reference/throttle.ts'
import {
  buildApp,
  launchBrowser,
  makeTempDir,
  type ServerProcess,
  startServer,
} from './ui/harness.ts'
import { max, percentile } from './ui/stats.ts'
import { benchSteps } from './ui/steps.ts'

const videosToReview = Number(process.env.BENCH_REVIEW_VIDEOS ?? 20)
const probe = readFileSync(new URL('./review/probe.js', import.meta.url), 'utf8')

interface Outcome {
  keyAt: number | null
  handledAt?: number
  changedAt?: number
  doneAt: number | null
  rows: number
}

/** One decision's time and its parts: waiting for the page, the page's work, the next frame. */
interface Timed {
  total: number
  waited: number
  worked: number
  framed: number
}

const temp = makeTempDir()
let server: ServerProcess | undefined
let browser: Browser | undefined
const cleanup = async () => {
  await browser?.close().catch(() => {})
  await server?.stop().catch(() => {})
  temp.remove()
}
const step = benchSteps(cleanup)

type Probe = { __review: { arm(kind: string): void; wait(): Promise<Outcome> } }

const armAndPress = async (page: Page, kind: 'decision' | 'advance', key: string) => {
  await page.evaluate((which) => (window as unknown as Probe).__review.arm(which), kind)
  await page.keyboard.press(key)
  const outcome = await page.evaluate(() => (window as unknown as Probe).__review.wait())
  const { keyAt, handledAt, changedAt, doneAt } = outcome
  if (keyAt === null || doneAt === null || handledAt === undefined || changedAt === undefined)
    return null
  return {
    total: doneAt - keyAt,
    waited: handledAt - keyAt,
    worked: changedAt - handledAt,
    framed: doneAt - changedAt,
  }
}

// The demo seed spreads its pending suggestions over the channels; matching jobs on more of the
// first channel's videos (through the dashboard, as the app starts them) fill its queue (the
// probe's fillQueue).
const fillQueue = (page: Page, wanted: number) =>
  page.evaluate(
    (target) =>
      (
        window as unknown as { __review: { fillQueue(n: number): Promise<number> } }
      ).__review.fillQueue(target),
    wanted,
  )

try {
  step('building the app')
  await buildApp(join(temp.dir, 'dist'))
  step('starting the dashboard with the demo library')
  // Matching jobs finish in tens of milliseconds instead of seconds (the queue is filled below).
  process.env.SANDBOX_TIME_SCALE = '100'
  server = await startServer({ distDir: join(temp.dir, 'dist'), dataDir: temp.dir, videos: 200 })
  browser = await launchBrowser()
  const chromium = await chromiumHost(browser)
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } })
  await server.signIn(context)
  guardResponses(context)
  await context.addInitScript(probe)
  const page = await newThrottledPage(context, chromium.rate)
  const submits: number[] = []
  page.on('requestfinished', (request) => {
    if (!request.url().endsWith('/product_matches/accept')) return
    const timing = request.timing()
    if (timing.responseEnd > 0) submits.push(timing.responseEnd)
  })
  await page.goto(`${server.url}/videos`)
  const queued = await fillQueue(page, videosToReview + 1)
  step(`${queued} videos wait for review in the first channel`)
  if (queued <= videosToReview) throw new Error(`the queue holds only ${queued} videos`)
  await page.goto(`${server.url}/matches`)
  await page.locator('ol[aria-label="Suggested products"] li[data-active] button:focus').waitFor()
  await page.waitForLoadState('networkidle')

  step(`reviewing ${videosToReview} videos from the keyboard`)
  const decisions: Array<Timed | null> = []
  const advances: Array<Timed | null> = []
  for (let video = 0; video < videosToReview; video++) {
    const count = await page.evaluate(() =>
      (window as unknown as { __review: { suggestions(): number } }).__review.suggestions(),
    )
    for (let index = 0; index < count; index++)
      decisions.push(await armAndPress(page, 'decision', index % 3 === 1 ? 'x' : 'a'))
    advances.push(await armAndPress(page, 'advance', 'Enter'))
    await page.locator('ol[aria-label="Suggested products"] li[data-active] button:focus').waitFor()
  }
  await chromium.end()
  assertNoRefusals(context, 'the review queue')
  step('done')
  const reference = chromium.reference()

  const measured = (samples: Array<Timed | null>, part: keyof Timed = 'total') =>
    samples.flatMap((sample) => (sample === null ? [] : [sample[part]]))
  const decided = measured(decisions)
  const advanced = measured(advances)
  const part = (figure: string, key: keyof Timed): Row =>
    timing(reference, { figure, measured: percentile(measured(decisions, key), 0.95) })
  const missing = decisions.length - decided.length + advances.length - advanced.length
  const rows: Row[] = [
    {
      figure: 'Decisions (suggestions decided)',
      result: String(decisions.length),
      goal: '≈ 100',
      met: null,
      key: 'decisions',
      value: decisions.length,
    },
    timing(reference, {
      figure: 'Decision to painted, p50',
      measured: percentile(decided, 0.5),
      key: 'decisionP50Ms',
    }),
    timing(reference, {
      figure: 'Decision to painted, p95',
      measured: percentile(decided, 0.95),
      atMost: 16,
      key: 'decisionP95Ms',
    }),
    timing(reference, {
      figure: 'Decision to painted, max',
      measured: max(decided),
      key: 'decisionMaxMs',
    }),
    part('Of a decision: the key waiting for the page, p95', 'waited'),
    part('Of a decision: the page changing, p95', 'worked'),
    part('Of a decision: the change waiting for a frame, p95', 'framed'),
    timing(reference, {
      figure: `Enter to next video painted, p50 (${advances.length} videos)`,
      measured: percentile(advanced, 0.5),
    }),
    timing(reference, {
      figure: 'Enter to next video painted, p95',
      measured: percentile(advanced, 0.95),
      atMost: 100,
      key: 'advanceP95Ms',
    }),
    timing(reference, { figure: 'Enter to next video painted, max', measured: max(advanced) }),
    timing(reference, {
      figure: 'Of which the service answering the submit, p95',
      measured: percentile(submits, 0.95),
    }),
    {
      figure: 'Steps not shown within 5 s',
      result: String(missing),
      goal: '0',
      met: missing === 0,
    },
  ]
  printReport(
    'review',
    `bench:review — ${advances.length} videos, headless Chromium`,
    rows,
    chromium.hosts(),
  )
  if (missing > 0) process.exitCode = 1
} catch (error) {
  console.error(error)
  process.exitCode = 1
} finally {
  await cleanup()
}
