import { closeGuarded } from '../reference/guard.ts'
import {
  type Lab,
  type LongFrame,
  type LongTask,
  open,
  openLibrary,
  type ProbeWindow,
  read,
} from './library-page.ts'

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
export async function measureFirstPage(lab: Lab): Promise<FirstPageRun> {
  const { context, page } = await open(lab)
  try {
    await openLibrary(page, lab.url)
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
    await closeGuarded(context, 'first library page')
  }
}
