import type { BrowserContext, Page, Response } from 'playwright-core'
import type { CpuSample } from './cpu.ts'
import { emulate, networkSession, rendererBusy } from './latency.ts'

export interface UploaderRun {
  /** From the start (click, or the file being added when the screen starts by itself) to the
   * answer of `/upload_multipart/complete`. */
  endToEndMs: number
  /** Renderer main-thread seconds over the parts phase (else from the start to the complete). */
  renderer: { task: number; script: number }
  /** CPU samples at the parts phase's ends, when Playwright saw them. */
  cpu?: { from: CpuSample; to: CpuSample }
  /** Where the time went, from the start (page clock, ms). */
  timeline: {
    signaturesAnswered: number
    firstPartSent: number
    lastPartAnswered: number
    completeSent: number
    completeAnswered: number
  }
  /** From the first part PUT's start to the last one's answer (Resource Timing). */
  partsMs: number
  partsSeen: number
  /** Part PUTs in flight: at most, and on average over the parts phase (Resource Timing). */
  maxInFlight: number
  meanInFlight: number
  /** Median time of one part PUT, sent to answered. */
  partMedianMs: number
  key: string
  howStarted: string
}

export class ScreenUnavailable extends Error {}

/**
 * Drives the dashboard's real uploads screen: `/uploads`, the file given to Uppy's file input with
 * `setInputFiles`, then the upload started with Uppy's own upload button (unless the screen
 * starts by itself within 3 s), timed to the answer of `/api/v1/upload_multipart/complete`.
 */
export async function runUploader(options: {
  context: BrowserContext
  url: string
  filePath: string
  latencyMs: number
  timeoutMs: number
  partsCount: number
  /** Taken when the first part PUT is sent and when the last one is answered. */
  sampleCpu: () => CpuSample
}): Promise<UploaderRun> {
  const page = await options.context.newPage()
  try {
    const cdp = await networkSession(page)
    await emulate(cdp, options.latencyMs)
    // CPU over the parts phase only, as for the other methods: from the first part PUT sent to
    // the last one answered (Playwright's view of the page's requests).
    const cpu: { from?: CpuSample; to?: CpuSample } = {}
    const busy: { from?: ReturnType<typeof rendererBusy>; to?: ReturnType<typeof rendererBusy> } =
      {}
    let partsDone = 0
    const isPart = (url: string, method: string) =>
      method === 'PUT' && /[?&]uploadId=/.test(url) && /[?&]partNumber=/.test(url)
    page.on('request', (request) => {
      if (cpu.from || !isPart(request.url(), request.method())) return
      cpu.from = options.sampleCpu()
      busy.from = rendererBusy(cdp)
    })
    page.on('requestfinished', (request) => {
      if (!isPart(request.url(), request.method())) return
      partsDone++
      if (partsDone !== options.partsCount) return
      cpu.to = options.sampleCpu()
      busy.to = rendererBusy(cdp)
    })
    const response = await page.goto(`${options.url}/uploads`, { waitUntil: 'load' })
    if (!response?.ok()) throw new ScreenUnavailable(`/uploads answered ${response?.status()}`)
    const input = await findFileInput(page)
    const signatures: Promise<Response> = page.waitForResponse(
      (r) =>
        r.url().includes('/api/v1/upload_multipart/signatures') && r.request().method() === 'POST',
      { timeout: options.timeoutMs },
    )
    const completed: Promise<Response> = page.waitForResponse(
      (r) =>
        r.url().includes('/api/v1/upload_multipart/complete') && r.request().method() === 'POST',
      { timeout: options.timeoutMs },
    )
    // Keep the later awaits from reporting unhandled rejections if an earlier step throws.
    signatures.catch(() => {})
    completed.catch(() => {})

    const pageNow = () => page.evaluate(() => performance.now())
    let started = performance.now()
    let startedInPage = await pageNow()
    let busyBefore = await rendererBusy(cdp)
    await input.setInputFiles(options.filePath)
    let howStarted = 'started by itself when the file was added'
    const autoStarted = await page
      .waitForRequest((r) => r.url().includes('/api/v1/upload_multipart/signatures'), {
        timeout: 3000,
      })
      .then(
        () => true,
        () => false,
      )
    if (!autoStarted) {
      const button = await findStartButton(page)
      howStarted = `started with the button "${((await button.textContent()) ?? '').trim()}"`
      started = performance.now()
      startedInPage = await pageNow()
      busyBefore = await rendererBusy(cdp)
      await button.click()
    }
    const signatureResponse = await signatures
    if (!signatureResponse.ok()) {
      throw new Error(`signatures: ${signatureResponse.status()} ${await signatureResponse.text()}`)
    }
    const { key, upload_id: uploadId } = (await signatureResponse.json()) as {
      key: string
      upload_id: string
    }
    const created = page
      .waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/v1/videos' && r.request().method() === 'POST',
        { timeout: 60_000 },
      )
      .catch(() => null)
    const completeResponse = await completed
    const endToEndMs = performance.now() - started
    // Renderer busy time over the parts phase where both ends were seen, else the whole run.
    const busyAfter = (await busy.to) ?? (await rendererBusy(cdp))
    busyBefore = (busy.to && (await busy.from)) || busyBefore
    if (!completeResponse.ok()) {
      throw new Error(`complete: ${completeResponse.status()} ${await completeResponse.text()}`)
    }
    const all = (await page.evaluate(() =>
      (window as unknown as { __benchTimings(): Timing[] }).__benchTimings(),
    )) as Timing[]
    const timings = all.filter((timing) => timing.name.includes(uploadId))
    const api = (path: string) => all.filter((timing) => timing.name.includes(path)).at(-1)
    if (timings.length === 0) throw new Error('no part PUT was seen in Resource Timing')
    // The screen then creates the video (not timed); let that finish before the page goes.
    await created
    const first = Math.min(...timings.map((timing) => timing.start))
    const last = Math.max(...timings.map((timing) => timing.end))
    const signed = api('/upload_multipart/signatures')
    const complete = api('/upload_multipart/complete')
    const since = (at: number | undefined) => (at === undefined ? Number.NaN : at - startedInPage)
    return {
      endToEndMs,
      timeline: {
        signaturesAnswered: since(signed?.end),
        firstPartSent: since(first),
        lastPartAnswered: since(last),
        completeSent: since(complete?.start),
        completeAnswered: since(complete?.end),
      },
      partsMs: last - first,
      renderer: {
        task: busyAfter.task - busyBefore.task,
        script: busyAfter.script - busyBefore.script,
      },
      ...(cpu.from && cpu.to ? { cpu: { from: cpu.from, to: cpu.to } } : {}),
      partsSeen: timings.length,
      maxInFlight: maxOverlap(timings),
      meanInFlight: meanOverlap(timings),
      partMedianMs: medianDuration(timings),
      key,
      howStarted,
    }
  } finally {
    await page.close()
  }
}

export interface Timing {
  name: string
  start: number
  end: number
}

async function findFileInput(page: Page) {
  const selectors = ['input.uppy-Dashboard-input[type=file]', 'input[type=file]']
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    for (const selector of selectors) {
      const input = page.locator(selector).first()
      if ((await input.count()) > 0) return input
    }
    await page.waitForTimeout(200)
  }
  throw new ScreenUnavailable(
    `no file input on /uploads within 20 s; the page said: ${await pageText(page)}`,
  )
}

async function findStartButton(page: Page) {
  const candidates = [
    page.locator('.uppy-StatusBar-actionBtn--upload'),
    page.getByRole('button', { name: /^(upload|start)/i }),
  ]
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    for (const candidate of candidates) {
      const button = candidate.first()
      if ((await button.count()) > 0 && (await button.isEnabled())) return button
    }
    await page.waitForTimeout(200)
  }
  throw new ScreenUnavailable(
    `no enabled upload button on /uploads within 10 s of adding the file; the page said: ${await pageText(page)}`,
  )
}

/** Intervals open on average between the first start and the last end. */
export function meanOverlap(intervals: { start: number; end: number }[]): number {
  const span =
    Math.max(...intervals.map((interval) => interval.end)) -
    Math.min(...intervals.map((interval) => interval.start))
  const busy = intervals.reduce((sum, interval) => sum + (interval.end - interval.start), 0)
  return span > 0 ? busy / span : 0
}

export function medianDuration(intervals: { start: number; end: number }[]): number {
  const sorted = intervals.map((interval) => interval.end - interval.start).sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/** The most intervals open at once. */
export function maxOverlap(intervals: { start: number; end: number }[]): number {
  const events = intervals.flatMap((interval) => [
    { at: interval.start, delta: 1 },
    { at: interval.end, delta: -1 },
  ])
  events.sort((a, b) => a.at - b.at || a.delta - b.delta)
  let open = 0
  let most = 0
  for (const event of events) {
    open += event.delta
    most = Math.max(most, open)
  }
  return most
}

async function pageText(page: Page): Promise<string> {
  const text = await page
    .locator('body')
    .evaluate((body) => body.textContent ?? '', undefined, { timeout: 2000 })
    .catch(() => '(unreadable)')
  return JSON.stringify(text.replace(/\s+/g, ' ').slice(0, 400))
}
