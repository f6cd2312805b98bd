// npm run bench:playlist — the playlist editor on a 1,000-video playlist, in headless Chromium
// against the real dashboard server and the sandbox, each in its own process (the demo seed's "Full catalogue").
// The app is built from the working tree into a temp dir; `dist/` is not touched. A benchmark:
// missed goals are figures, not failures; it exits non-zero only when it cannot measure.
//
// 1. Mouse drag: the first video by its handle to position 900, the pointer held in the list's
//    bottom edge zone so dnd-kit auto-scrolls, then stepped onto 900, and dropped.
// 2. Keyboard: the first video lifted with Space, moved 50 places with the arrow key, dropped.
// For each: long tasks (PerformanceObserver `longtask`) and animation-frame intervals from the
// lift to the drop, the most rows mounted in any frame, and the time from the drop to the
// service's answer to the new order (its PUT; the editor first reads the playlist to see whether
// it changed elsewhere). The stored position of the moved video is checked.
// Goals: no long task over 50 ms, p95 frame interval ≤ 20 ms, ≤ 80 rows mounted, drop to saved
// ≤ 300 ms. BENCH_PLAYLIST_VIDEOS (default 2000) sets the library size. Timings are the reference
// device's (bench/reference): the page is slowed to it from Chromium's index at the start (and
// again before the keyboard run), or on a
// slower host its timings scaled (and a long task counted when its scaled duration is over 50 ms).
// A response of the page answered 401 or 5xx fails the run.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { keyboardMoveFirst } from './playlist/keyboard-move.ts'
import { dragFirstTo } from './playlist/mouse-drag.ts'
import type { DragFigures } from './playlist/session.ts'
import { chromiumHost } from './reference/chromium-host.ts'
import { type Row, timing } from './reference/figures.ts'
import { assertNoRefusals, guardResponses } from './reference/guard.ts'
import { printReport } from './reference/report.ts'
import { describe, type Reference, toReference } from './reference/scale.ts'
import { newThrottledPage, throttle } from './reference/throttle.ts'
import {
  buildApp,
  launchBrowser,
  makeTempDir,
  type ServerProcess,
  startServer,
} from './ui/harness.ts'
import { max, percentile } from './ui/stats.ts'
import { benchSteps } from './ui/steps.ts'

const videos = Number(process.env.BENCH_PLAYLIST_VIDEOS ?? 2000)
const playlistName = 'Full catalogue'
const rowHeight = 72
const probe = readFileSync(new URL('./playlist/probe.js', import.meta.url), 'utf8')

const temp = makeTempDir()
let server: ServerProcess | undefined
let browser: Browser | undefined
const cleanup = async () => {
  await browser?.close().catch(() => {})
  await server?.stop().catch(() => {})
  temp.remove()
}
const step = benchSteps(cleanup)

async function findPlaylist(page: Page): Promise<{ id: string; length: number }> {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  return page.evaluate(async (name) => {
    const channels = (await fetch('/api/v1/channels').then((response) => response.json()))
      .channels as Array<{ id: string }>
    for (const channel of channels) {
      const list = await fetch(
        `/api/v1/playlists?channel_id=${channel.id}&q=${encodeURIComponent(name)}`,
      ).then((response) => response.json())
      const found = list.playlists[0]
      if (found) {
        const record = await fetch(`/api/v1/playlists/${found.id}`).then((response) =>
          response.json(),
        )
        return { id: found.id as string, length: record.video_ids.length as number }
      }
    }
    throw new Error(`no playlist named ${name}`)
  }, playlistName)
}

// The list may come back scrolled to where it was; each run starts from the top.
async function open(page: Page, url: string, id: string) {
  await page.goto(`${url}/playlists/${id}`)
  const list = page.locator('ul[aria-label^="Videos of"]')
  await list.waitFor()
  await list.evaluate((element) => {
    let box: HTMLElement | null = element.parentElement
    while (box && getComputedStyle(box).overflowY !== 'auto') box = box.parentElement
    box?.scrollTo({ top: 0 })
  })
  await list
    .locator('li[data-id]:has([data-position="1"]) button[aria-label^="Reorder "]')
    .waitFor()
}

const tasksNote = (reference: Reference) =>
  reference.basis === 'scaled' ? `each task's duration ${describe(reference)}` : describe(reference)

/** Long tasks over 50 ms on the reference device: on a slower host, their scaled durations. */
const over50 = (figures: DragFigures, reference: Reference) =>
  figures.longTasks.filter((duration) => duration * reference.factor > 50).length

function rows(name: string, figures: DragFigures, target: number, reference: Reference): Row[] {
  const tasks = over50(figures, reference)
  return [
    {
      figure: `${name}: long tasks over 50 ms`,
      result: String(tasks),
      goal: '0',
      met: tasks === 0,
      note: tasksNote(reference),
    },
    timing(reference, {
      figure: `${name}: p95 frame interval`,
      measured: percentile(figures.frameIntervals, 0.95),
      atMost: 20,
    }),
    timing(reference, {
      figure: `${name}: max frame interval`,
      measured: max(figures.frameIntervals),
    }),
    {
      figure: `${name}: most rows mounted`,
      result: String(figures.maxRows),
      goal: '≤ 80',
      met: figures.maxRows <= 80,
    },
    timing(reference, {
      figure: `${name}: drop to saved`,
      measured: figures.dropToSavedMs,
      atMost: 300,
    }),
    {
      figure: `${name}: videos whose details were read one at a time`,
      result: String(figures.detailReads),
      goal: '',
      met: null,
    },
    {
      figure: `${name}: stored position of the moved video`,
      result: String(figures.storedPosition),
      goal: String(target),
      met: figures.storedPosition === target,
    },
  ]
}

/** A run's figures and how its page's timings reach the reference (each run slowed anew). */
interface Run {
  figures: DragFigures
  reference: Reference
}

/** The worse of the two runs, the benchmark's JSON figures, compared at the reference. */
function worse(runs: Run[]): Row[] {
  const tasks = runs.reduce((sum, run) => sum + over50(run.figures, run.reference), 0)
  const rows = Math.max(...runs.map((run) => run.figures.maxRows))
  const worst = (of: (figures: DragFigures) => number) => {
    const run = runs.reduce((a, b) =>
      toReference(b.reference, of(b.figures)) > toReference(a.reference, of(a.figures)) ? b : a,
    )
    return { reference: run.reference, measured: of(run.figures) }
  }
  const p95Frame = worst((figures) => percentile(figures.frameIntervals, 0.95))
  const maxFrame = worst((figures) => max(figures.frameIntervals))
  const saved = worst((figures) => figures.dropToSavedMs)
  return [
    {
      figure: 'Both: long tasks over 50 ms',
      result: String(tasks),
      goal: '0',
      met: tasks === 0,
      key: 'longTasksOver50ms',
      value: tasks,
      note: runs.map((run) => tasksNote(run.reference)).join('; '),
    },
    timing(p95Frame.reference, {
      figure: 'Worse: p95 frame interval',
      measured: p95Frame.measured,
      atMost: 20,
      key: 'p95FrameMs',
    }),
    timing(maxFrame.reference, {
      figure: 'Worse: max frame interval',
      measured: maxFrame.measured,
      key: 'maxFrameMs',
    }),
    {
      figure: 'Worse: most rows mounted',
      result: String(rows),
      goal: '≤ 80',
      met: rows <= 80,
      key: 'maxRowsMounted',
      value: rows,
    },
    timing(saved.reference, {
      figure: 'Worse: drop to saved',
      measured: saved.measured,
      atMost: 300,
      key: 'dropToSavedMs',
    }),
  ]
}

try {
  step('building the app')
  await buildApp(join(temp.dir, 'dist'))
  step(`starting the dashboard with ${videos.toLocaleString('en')} seeded videos`)
  server = await startServer({ distDir: join(temp.dir, 'dist'), dataDir: temp.dir, videos })
  browser = await launchBrowser()
  const chromium = await chromiumHost(browser)
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await server.signIn(context)
  guardResponses(context)
  await context.addInitScript(probe)
  const page = await newThrottledPage(context, chromium.rate)
  await page.goto(`${server.url}/playlists`)
  const playlist = await findPlaylist(page)
  step(`"${playlistName}" holds ${playlist.length} videos`)

  await open(page, server.url, playlist.id)
  step('mouse drag of the first video to position 900')
  const mouse = await dragFirstTo(page, playlist.id, 900, rowHeight)
  // The host is read with the editor closed: its page kept working after the drop (the save,
  // the rows' details) and the readings beside it read a slower host (723 against 934).
  await page.goto('about:blank')
  const keyboardPhase = await chromium.rethrottle('the keyboard move')
  await throttle(page, keyboardPhase.rate)
  await open(page, server.url, playlist.id)
  step('keyboard move of the first video 50 places down')
  const keyboard = await keyboardMoveFirst(page, playlist.id, 50)
  await chromium.end()
  assertNoRefusals(context, 'the playlist editor')
  step('done')

  const mouseReference = chromium.reference()
  for (const [name, run] of [
    ['Mouse drag', mouse],
    ['Keyboard', keyboard],
  ] as const)
    for (const frame of run.longFrames)
      console.log(
        `${name}: long frame of ${frame.duration} ms (as measured) at +${frame.at} ms: ${frame.scripts.join('; ') || 'no script (style, layout, paint)'}`,
      )
  printReport(
    'playlist',
    `bench:playlist — a ${playlist.length}-video playlist, headless Chromium (the worse run is the JSON figure)`,
    [
      ...rows('Mouse drag to 900', mouse, 900, mouseReference),
      ...rows('Keyboard, 50 places', keyboard, 51, keyboardPhase.reference),
      ...worse([
        { figures: mouse, reference: mouseReference },
        { figures: keyboard, reference: keyboardPhase.reference },
      ]),
    ],
    chromium.hosts(),
  )
} catch (error) {
  console.error(error)
  process.exitCode = 1
} finally {
  await cleanup()
}
