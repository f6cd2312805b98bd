// npm run bench:review — the AI match review (issue 36) against the real dashboard server and the
// sandbox (each in its own process), whose seeded videos have a ground truth the dashboard never reads. In order:
// 1. Matching jobs started through the dashboard on the first channel's videos fill its queue.
// 2. A scripted reviewer in headless Chromium, through the queue's screen and keys alone, decides
//    each suggestion from the truth with a seeded 2% wrong, checks the screen, presses Enter. On
//    its first 20 videos every key is timed, pressed once the page is idle (as a person's next key
//    finds it, decision 0039): a decision from its keydown's event time to the
//    first frame that shows it (bench/review/probe.js), an advance from Enter to the next video's
//    suggestions painted, the dashboard's answer to the submit included. Then it goes on untimed
//    for 10 minutes: its decisions per minute, and its slowest whole minute. The same key is then
//    timed on a page that only changes one attribute: the floor of the measure itself.
// 3. The calibration page's accepted share per band against the truth over those same decisions:
//    the expected calibration error in points (and the page's counts checked against the ledger).
// 4. The ledger is seeded with 100,000 past decisions that follow the truth model (the same
//    error); GET /api/dashboard/review/calibration is timed over loopback, whole and sliced.
// 5. An admin turns auto-accept on at 95% with the picker's threshold and floor; jobs on a few
//    hundred fresh videos of the second channel; once the engine has settled or queued each, the
//    share it settled and the precision of what it accepted, by the truth.
// Goals: decision p95 ≤ 16 ms, advance p95 ≤ 100 ms, ≥ 60 decisions a minute, calibration p95
// ≤ 200 ms, precision ≥ 0.95, settled share ≥ 0.5, calibration error ≤ 5 points. Browser timings
// are the reference device's (bench/reference: the page slowed to it from Chromium's index, or
// scaled on a slower host), the calibration's scaled by the server process's index. A response
// of the page answered 401 or 5xx, or a phase that cannot be measured, fails the run; a missed
// goal is a figure.
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { createRandom } from '../server/sandbox/seed/random.ts'
import { openTruth } from '../server/sandbox/seed/truth.ts'
import type { ReviewQueueAnswer } from '../src/api/review.ts'
import { benchClient } from './index/client.ts'
import { chromiumHost } from './reference/chromium-host.ts'
import type { Row } from './reference/figures.ts'
import { assertNoRefusals, guardResponses } from './reference/guard.ts'
import { HostSpeed } from './reference/host-index.ts'
import { printReport } from './reference/report.ts'
import { serverReference } from './reference/scale.ts'
import { newThrottledPage } from './reference/throttle.ts'
import { autoAcceptOverFreshJobs, turnOnAutoAccept, waitForWatch } from './review/auto-accept.ts'
import { calibrationError, timeCalibration } from './review/calibration.ts'
import { timeFloor } from './review/floor.ts'
import { historyRows, seedLedger } from './review/history.ts'
import {
  raiseMatchingQuota,
  startMatching,
  unmatchedVideos,
  waitForJobs,
} from './review/matching.ts'
import { scriptedReview } from './review/reviewer.ts'
import { autoAcceptRows, calibrationRows, keyboardRows, paceRows } from './review/rows.ts'
import { watchAnswers } from './review/screen.ts'
import { settings } from './review/settings.ts'
import {
  buildApp,
  launchBrowser,
  makeTempDir,
  type ServerProcess,
  startServer,
} from './ui/harness.ts'
import { benchSteps } from './ui/steps.ts'

const temp = makeTempDir()
const sandboxDb = join(temp.dir, 'sandbox.db')
const dashboardDb = join(temp.dir, 'dashboard.db')
let server: ServerProcess | undefined
let browser: Browser | undefined
let truth: ReturnType<typeof openTruth> | undefined
const cleanup = async () => {
  truth?.close()
  await browser?.close().catch(() => {})
  await server?.stop().catch(() => {})
  temp.remove()
}
const step = benchSteps(cleanup)
const submitPath = /\/api\/dashboard\/review\/videos\/[^/]+\/decisions$/

/** Runs one phase; what goes wrong in it fails the run, named. */
async function phase<T>(name: string, run: () => Promise<T>): Promise<T> {
  step(name)
  try {
    return await run()
  } catch (error) {
    throw new Error(`bench:review could not measure ${name}: ${(error as Error).message}`, {
      cause: error,
    })
  }
}

try {
  step('building the app')
  await buildApp(join(temp.dir, 'dist'))
  step(`starting the dashboard with ${settings.sandboxVideos.toLocaleString('en')} demo videos`)
  // Matching jobs finish in tens of milliseconds instead of seconds.
  process.env.SANDBOX_TIME_SCALE = '100'
  server = await startServer({
    distDir: join(temp.dir, 'dist'),
    dataDir: temp.dir,
    videos: settings.sandboxVideos,
  })
  const running = server
  const client = benchClient(server.url, server.session)
  const { channels } = await client.json<{ channels: { id: string }[] }>('/api/v1/channels')
  const [reviewed, fresh] = channels.map((channel) => channel.id)
  if (!reviewed || !fresh) throw new Error('the demo business has fewer than two channels')
  raiseMatchingQuota(sandboxDb, reviewed, 1_000_000)
  truth = openTruth(sandboxDb)
  const isTrue = truth.isTrue
  const taken = new Set<string>()
  const queueVideos = async (count: number) => {
    const videos = await unmatchedVideos(client, reviewed, count, taken)
    for (const id of videos) taken.add(id)
    const started = await startMatching(client, videos)
    const statuses = await waitForJobs(client, started)
    // Reviewed once auto-accept's watch has read them all, as it does every finished job: its
    // reads are the server's, not the reviewer's.
    await waitForWatch(
      dashboardDb,
      started.filter((id) => statuses.get(id) === 'completed'),
    )
    return started.length
  }

  const queued = await phase('queueing videos for the reviewer', () =>
    queueVideos(settings.queueVideos),
  )
  step(`${queued} videos matched in the first channel, each read by auto-accept's watch`)
  browser = await launchBrowser()
  const chromium = await chromiumHost(browser)
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } })
  await server.signIn(context)
  guardResponses(context)
  await context.addInitScript({ path: new URL('./review/probe.js', import.meta.url).pathname })
  const page = await newThrottledPage(context, chromium.rate)
  const submits: number[] = []
  page.on('requestfinished', (request) => {
    if (!submitPath.test(new URL(request.url()).pathname)) return
    const timing = request.timing()
    if (timing.responseEnd > 0) submits.push(timing.responseEnd)
  })
  const answers = watchAnswers(page)
  await page.goto(`${server.url}/matches`)
  await page.waitForLoadState('networkidle')

  const reviewer = await phase(
    `the scripted reviewer: ${settings.timedVideos} videos timed, then ${settings.minutes} min`,
    () =>
      scriptedReview({
        page,
        answers,
        isTrue,
        random: createRandom(settings.seed),
        keyPhase: createRandom(settings.seed + 2),
        errorRate: settings.errorRate,
        timedVideos: settings.timedVideos,
        minutes: settings.minutes,
        refill: async () => {
          const queue = await client.json<ReviewQueueAnswer>(
            `/api/dashboard/review/queue?channel_id=${reviewed}`,
          )
          if (queue.videos.length >= 20) return true
          return (await queueVideos(settings.refillVideos)) > 0
        },
      }),
  )
  const floor = await phase('the same key on a page that only changes one attribute', () =>
    timeFloor(context, {
      url: `${running.url}/bench-floor`,
      rate: chromium.rate,
      keys: 100,
      keyPhase: createRandom(settings.seed + 3),
    }),
  )
  await chromium.end()
  assertNoRefusals(context, 'the review queue')
  const browserReference = chromium.reference()

  const error = await phase('the calibration error of the decisions made', () =>
    calibrationError(client, dashboardDb, isTrue),
  )
  await phase(`seeding ${settings.history.toLocaleString('en')} past decisions`, async () =>
    seedLedger(
      dashboardDb,
      historyRows(sandboxDb, {
        count: settings.history,
        channelIds: [reviewed, fresh],
        errorRate: settings.errorRate,
        seed: settings.seed + 1,
      }),
    ),
  )
  const speed = await HostSpeed.start('server', () => running.hostIndex())
  const calibration = await phase(`${settings.calibrationReads} calibration reads`, () =>
    timeCalibration(client, settings.calibrationReads),
  )
  await speed.end()

  const picked = await phase('turning auto-accept on at 95%', () => turnOnAutoAccept(client, 0.95))
  step(`auto-accept on: threshold ${picked.threshold}, floor ${picked.floor}`)
  const auto = await phase(`auto-accept over ${settings.autoVideos} fresh matching jobs`, () =>
    autoAcceptOverFreshJobs({
      client,
      dashboardDb,
      channelId: fresh,
      count: settings.autoVideos,
      taken,
      isTrue,
    }),
  )
  step('done')

  const rows: Row[] = [
    ...keyboardRows(browserReference, reviewer, submits, floor),
    ...paceRows(browserReference, reviewer, settings.errorRate, submits),
    ...calibrationRows(serverReference(speed), calibration, error),
    ...autoAcceptRows(picked, auto),
  ]
  printReport(
    'review',
    `bench:review — ${reviewer.advances.length} videos timed, ${settings.minutes} min of review, ${calibration.decisions.toLocaleString('en')} decisions, ${auto.completed} auto-accept jobs; headless Chromium`,
    rows,
    { ...chromium.hosts(), speeds: [chromium.speed, speed] },
  )
  const unmeasured = rows.filter(
    (row) => row.key && (row.value === null || row.value === undefined),
  )
  if (unmeasured.length > 0) {
    console.error(`bench:review could not measure: ${unmeasured.map((row) => row.key).join(', ')}`)
    process.exitCode = 1
  }
  if (rows.some((row) => row.figure === 'Steps not shown within 5 s' && row.met === false))
    process.exitCode = 1
} catch (error) {
  console.error(error)
  process.exitCode = 1
} finally {
  await cleanup()
}
