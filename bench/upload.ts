// npm run bench:upload — a 1 GB MP4 uploaded by multipart to the embedded sandbox's built-in S3
// store from headless Chromium with 40 ms of round-trip latency emulated (DevTools network
// emulation, no throughput limits), three ways in one run, the same parts each time (100 parts of
// ~10.24 MiB for 1 GiB; the plan is the uploader's own, imported from the app):
//
// 1. pool: six part PUTs in flight at once (`fetch(put_url, { method: 'PUT', body:
//    file.slice(…) })`, each worker taking the next part when its previous one is answered), from a
//    blank page that the dashboard serves (written into the built app in the temp dir) with the
//    file chosen in an <input type=file>;
// 2. sequential: the same, one request at a time;
// 3. uploader: the dashboard's real /uploads screen (Uppy with @uppy/aws-s3): the file given to
//    Uppy's file input, the upload started with Uppy's button, timed to the answer of
//    /api/v1/upload_multipart/complete.
//
// For (1) and (2) the benchmark asks the dashboard for fresh signatures from Node (the dashboard
// adds the token), completes the upload the same way and times that call separately; the
// figures compared are the parts phase (first PUT sent to last PUT answered; for the uploader from
// Resource Timing), and for the uploader also its whole run from the click to the complete answer.
// Every upload is completed and the assembled object's size checked (`HEAD /cdn/{key}`), then its
// file is deleted to keep disk use down. Before the runs, small PUTs are timed with and without the
// emulation to show that the latency applies to fetch uploads in this Chromium. After them, a
// diagnostic run without a browser (six parallel PUTs from Node, no emulated latency) shows what
// the store itself can take. For each method: part PUTs in flight (most and mean, Resource
// Timing), the median part PUT, CPU cores busy over the parts phase (server process = dashboard
// and sandbox, Chromium, and the rest of the machine, from /proc) and the page's renderer
// main-thread time (DevTools Performance.getMetrics).
//
// A benchmark: it prints figures next to the goal (uploader ≥ 90% of the pool); a missed goal is a
// figure, not a failure. The machine's other load moves the figures, so each method runs
// BENCH_UPLOAD_ROUNDS times (default 2), interleaved (pool, uploader, sequential, then again),
// and the median is compared; every run is printed. BENCH_UPLOAD_BYTES (default 1GB; binary
// units: 200MB = 200 MiB) shrinks the file for a quick run; BENCH_UPLOAD_NODE=0 skips the
// diagnostic run; BENCH_UPLOAD_LATENCY_MS (default 40) changes the emulated latency.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { open, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core'
import { makeMp4File } from '../test/support/media/make-mp4.ts'
import { buildApp, launchBrowser, type ServerProcess, startServer } from './ui/harness.ts'
import {
  allocatedBytes,
  DashboardApi,
  removeStoredObject,
  storedSize,
  type UploadedPart,
} from './upload/api.ts'
import { type CpuUse, cpuBetween, sampleCpu } from './upload/cpu.ts'
import { emulate, networkSession, rendererBusy } from './upload/latency.ts'
import { MULTIPART_THRESHOLD_BYTES, numberedParts, planParts } from './upload/plan.ts'
import {
  maxOverlap,
  meanOverlap,
  medianDuration,
  runUploader,
  ScreenUnavailable,
  type Timing,
  type UploaderRun,
} from './upload/uploader.ts'

const LATENCY_MS = Number(process.env.BENCH_UPLOAD_LATENCY_MS ?? 40)
const POOL_SIZE = 6
const pageScript = readFileSync(new URL('./upload/page-put.js', import.meta.url), 'utf8')

const fileBytes = parseBytes(process.env.BENCH_UPLOAD_BYTES ?? '1GB')
const nodeDiagnostic = process.env.BENCH_UPLOAD_NODE !== '0'

const rounds = Math.max(1, Number(process.env.BENCH_UPLOAD_ROUNDS ?? 2) || 1)

/** One upload by one method. */
interface Run {
  /** First part PUT sent to last part PUT answered. */
  partsMs: number
  /** The complete call (server-side assembly), timed from Node; not for the uploader. */
  completeMs?: number
  /** The uploader only: its start to the answer of its complete call. */
  endToEndMs?: number
  cpu: CpuUse
  maxInFlight: number
  meanInFlight?: number
  partMedianMs?: number
  /** Renderer main-thread seconds (DevTools TaskDuration, ScriptDuration) over the run. */
  rendererTaskS?: number
  rendererScriptS?: number
  note: string
  timeline?: UploaderRun['timeline']
}

type Method = 'pool' | 'sequential' | 'uploader' | 'node'

interface Outcome {
  label: string
  runs: Run[]
  /** Why it has no runs (or fewer than asked). */
  problem?: string
}

function parseBytes(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(B|KB|KiB|MB|MiB|GB|GiB)?\s*$/i.exec(text)
  if (!match) throw new Error(`BENCH_UPLOAD_BYTES: cannot read ${JSON.stringify(text)}`)
  const unit = (match[2] ?? 'B').toLowerCase()
  const scale = unit.startsWith('k')
    ? 1024
    : unit.startsWith('m')
      ? 1024 ** 2
      : unit.startsWith('g')
        ? 1024 ** 3
        : 1
  const bytes = Math.round(Number(match[1]) * scale)
  // Below the threshold the uploader sends one POST, and there would be no parts to compare.
  if (bytes < MULTIPART_THRESHOLD_BYTES) {
    throw new Error(
      `BENCH_UPLOAD_BYTES: the uploader goes multipart from ${MULTIPART_THRESHOLD_BYTES / 1024 ** 2} MiB; give at least that`,
    )
  }
  return bytes
}

const log = (message: string) => process.stderr.write(`${message}\n`)
const mb = (bytes: number) => bytes / 1e6
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const rate = (ms: number | undefined) =>
  ms === undefined ? '—' : `${(mb(fileBytes) / (ms / 1000)).toFixed(1)} MB/s`

async function main(): Promise<void> {
  // The file, the built app and the sandbox's data (its object store) all live here.
  const tempDir = mkdtempSync(join(tmpdir(), 'bench-upload-'))
  const temp = { dir: tempDir, remove: () => rmSync(tempDir, { recursive: true, force: true }) }
  let server: ServerProcess | undefined
  let browser: Browser | undefined
  let interrupted = false
  const stopping = () => {
    interrupted = true
    log('interrupted; cleaning up')
    void cleanup().then(() => process.exit(130))
  }
  async function cleanup() {
    await browser?.close().catch(() => {})
    await server?.stop().catch(() => {})
    temp.remove()
  }
  process.once('SIGINT', stopping)
  process.once('SIGTERM', stopping)
  try {
    const started = performance.now()
    const filePath = join(temp.dir, 'bench-upload.mp4')
    await makeMp4File(filePath, { durationSeconds: 60, totalBytes: fileBytes })
    const plan = planParts(fileBytes)
    log(`file: ${fileBytes} bytes (${(await allocatedBytes(filePath)) / 1024 ** 2} MiB on disk)`)

    log('building the app…')
    const distDir = join(temp.dir, 'dist')
    await buildApp(distDir)
    await writeBlankPage(distDir)
    log('starting the dashboard and sandbox…')
    const dataDir = join(temp.dir, 'data')
    server = await startServer({ distDir, dataDir })
    const api = new DashboardApi(server.url)
    const channelId = await api.firstChannelId()
    browser = await launchBrowser()
    const context = await browser.newContext()
    await context.addInitScript({ content: pageScript })

    const page = await blankPage(context, server.url)
    await page.locator('input[type=file]').setInputFiles(filePath)

    // Does the emulation reach fetch uploads? PUTs one after another, without and with it.
    const probeSignature = await api.signatures({ filename: 'probe.mp4', channelId, partsCount: 1 })
    const probeUrl = probeSignature.parts[0]?.signature.put_url ?? ''
    // Three states: no DevTools session; the Network domain enabled (emulation needs it, and it
    // has costs of its own); and the emulated latency on top.
    const without = await probe(page, probeUrl)
    const cdp = await networkSession(page)
    const networkOnly = await probe(page, probeUrl)
    await emulate(cdp, LATENCY_MS)
    const withLatency = await probe(page, probeUrl)

    const running = server
    const finish = async (key: string) => {
      const size = await storedSize(running.serviceUrl, key)
      await removeStoredObject(dataDir, key)
      return size === fileBytes ? 'size ok' : `SIZE ${size} ≠ ${fileBytes}`
    }
    const env: Env = { api, channelId, filePath, server: running, finish }

    const outcomes: Record<Method, Outcome> = {
      pool: { label: `pool of ${POOL_SIZE} parallel PUTs`, runs: [] },
      sequential: { label: 'one sequential connection', runs: [] },
      uploader: { label: 'dashboard uploader (/uploads)', runs: [] },
      node: {
        label: `diagnostic: ${POOL_SIZE} parallel PUTs from Node (no browser, no latency)`,
        runs: [],
      },
    }
    const attempt = async (method: Method, round: number, run: () => Promise<Run>) => {
      const outcome = outcomes[method]
      if (outcome.problem || interrupted) return
      log(`round ${round}: ${outcome.label}…`)
      try {
        outcome.runs.push(await run())
      } catch (error) {
        outcome.problem =
          error instanceof ScreenUnavailable
            ? `not measured: uploads screen not available (${error.message})`
            : `failed: ${(error as Error).message.split('\n')[0]}`
      }
    }
    for (let round = 1; round <= rounds; round++) {
      await attempt('pool', round, () => pagePool(env, page, cdp, POOL_SIZE))
      await attempt('uploader', round, () => dashboardUploader(env, context))
      await attempt('sequential', round, () => pagePool(env, page, cdp, 1))
    }
    await context.close()
    if (nodeDiagnostic) await attempt('node', 1, () => nodePool(env))

    if (interrupted) return
    report({
      outcomes,
      partsCount: plan.partsCount,
      partSize: plan.partSize,
      without,
      networkOnly,
      withLatency,
      totalMs: performance.now() - started,
    })
  } finally {
    process.off('SIGINT', stopping)
    process.off('SIGTERM', stopping)
    await cleanup()
  }
}

interface Env {
  api: DashboardApi
  channelId: string
  filePath: string
  server: ServerProcess
  /** Checks the assembled object's size, deletes its file, and says how the check went. */
  finish(key: string): Promise<string>
}

/** Methods 1 and 2: the parts PUT from the blank page, `concurrency` at a time. */
async function pagePool(env: Env, page: Page, cdp: CDPSession, concurrency: number): Promise<Run> {
  const ranges = numberedParts(fileBytes)
  const signature = await env.api.signatures({
    filename: 'bench-upload.mp4',
    channelId: env.channelId,
    partsCount: ranges.length,
  })
  const parts = ranges.map((range) => ({
    ...range,
    url: signature.parts[range.part - 1]?.signature.put_url,
  }))
  const before = sampleCpu(env.server.pid)
  const busyBefore = await rendererBusy(cdp)
  const result = await page.evaluate(
    (args) =>
      (
        window as unknown as {
          __benchPut(a: typeof args): Promise<{ ms: number; etags: string[] }>
        }
      ).__benchPut(args),
    { parts, concurrency },
  )
  const cpu = cpuBetween(before, sampleCpu(env.server.pid))
  const busyAfter = await rendererBusy(cdp)
  // The same Resource Timing figures as the uploader's.
  const timings = (
    (await page.evaluate(() => {
      const all = (window as unknown as { __benchTimings(): Timing[] }).__benchTimings()
      performance.clearResourceTimings()
      return all
    })) as Timing[]
  ).filter((timing) => timing.name.includes(signature.upload_id))
  const completeStarted = performance.now()
  await env.api.complete(
    signature,
    result.etags.map((etag, i): UploadedPart => ({ part: i + 1, etag })),
  )
  const completeMs = performance.now() - completeStarted
  return {
    partsMs: result.ms,
    completeMs,
    cpu,
    rendererTaskS: busyAfter.task - busyBefore.task,
    rendererScriptS: busyAfter.script - busyBefore.script,
    maxInFlight: timings.length > 0 ? maxOverlap(timings) : concurrency,
    ...(timings.length > 0
      ? { meanInFlight: meanOverlap(timings), partMedianMs: medianDuration(timings) }
      : {}),
    note: await env.finish(signature.key),
  }
}

/** Method 3: the real /uploads screen (see upload/uploader.ts). */
async function dashboardUploader(env: Env, context: BrowserContext): Promise<Run> {
  const before = sampleCpu(env.server.pid)
  const run = await runUploader({
    context,
    url: env.server.url,
    filePath: env.filePath,
    latencyMs: LATENCY_MS,
    timeoutMs: 10 * 60_000,
    partsCount: planParts(fileBytes).partsCount,
    sampleCpu: () => sampleCpu(env.server.pid),
  })
  // The parts phase when Playwright saw both ends, else the whole run.
  const cpu = run.cpu
    ? cpuBetween(run.cpu.from, run.cpu.to)
    : cpuBetween(before, sampleCpu(env.server.pid))
  return {
    partsMs: run.partsMs,
    endToEndMs: run.endToEndMs,
    timeline: run.timeline,
    cpu,
    maxInFlight: run.maxInFlight,
    meanInFlight: run.meanInFlight,
    partMedianMs: run.partMedianMs,
    rendererTaskS: run.renderer.task,
    rendererScriptS: run.renderer.script,
    note: `${await env.finish(run.key)}; ${run.partsSeen} part PUTs; ${run.howStarted}`,
  }
}

/** A blank document with a file input, written into the built app so the dashboard serves it. */
const BLANK_PAGE = 'bench-upload-blank.html'

async function writeBlankPage(distDir: string): Promise<void> {
  await writeFile(
    join(distDir, BLANK_PAGE),
    '<!doctype html><html lang="en"><title>bench:upload</title><input type="file" aria-label="File"></html>\n',
  )
}

async function blankPage(context: BrowserContext, url: string): Promise<Page> {
  // Served by the dashboard itself (with the app's CSP), not by Playwright's interception: a
  // fulfilled document has no address, counts as public, and Chromium's Local Network Access
  // then refuses its requests to the loopback storage.
  const page = await context.newPage()
  const response = await page.goto(`${url}/${BLANK_PAGE}`)
  if (!response?.ok()) throw new Error(`/${BLANK_PAGE} answered ${response?.status()}`)
  return page
}

const PROBE_SIZES = [1, 1024 ** 2]

async function probe(page: Page, url: string): Promise<Record<number, number[]>> {
  return page.evaluate(
    (args) =>
      (
        window as unknown as {
          __benchProbe(a: typeof args): Promise<Record<number, number[]>>
        }
      ).__benchProbe(args),
    { url, sizes: PROBE_SIZES, times: 9 },
  )
}

/** Six parallel PUTs of the same parts from Node: what the store takes with no browser at all. */
async function nodePool(env: Env): Promise<Run> {
  const ranges = numberedParts(fileBytes)
  const signature = await env.api.signatures({
    filename: 'bench-upload.mp4',
    channelId: env.channelId,
    partsCount: ranges.length,
  })
  const file = await open(env.filePath, 'r')
  try {
    const etags: string[] = []
    let next = 0
    const before = sampleCpu(env.server.pid)
    const started = performance.now()
    const worker = async () => {
      while (next < ranges.length) {
        const range = ranges[next++]
        if (!range) break
        const body = Buffer.alloc(range.end - range.start)
        await file.read(body, 0, body.length, range.start)
        const response = await fetch(signature.parts[range.part - 1]?.signature.put_url ?? '', {
          method: 'PUT',
          body,
        })
        await response.arrayBuffer()
        if (!response.ok) throw new Error(`part ${range.part}: ${response.status}`)
        etags[range.part - 1] = response.headers.get('etag') ?? ''
      }
    }
    await Promise.all(Array.from({ length: POOL_SIZE }, worker))
    const partsMs = performance.now() - started
    const cpu = cpuBetween(before, sampleCpu(env.server.pid))
    const completeStarted = performance.now()
    await env.api.complete(
      signature,
      etags.map((etag, i) => ({ part: i + 1, etag })),
    )
    const completeMs = performance.now() - completeStarted
    return {
      partsMs,
      completeMs,
      cpu,
      maxInFlight: POOL_SIZE,
      note: await env.finish(signature.key),
    }
  } finally {
    await file.close()
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

function medianOf(runs: Run[], pick: (run: Run) => number | undefined): number | undefined {
  const values = runs.map(pick).filter((value): value is number => value !== undefined)
  return values.length > 0 ? median(values) : undefined
}

/** The uploader's start to its complete answer; for the others, parts phase plus complete call. */
function endToEnd(run: Run): number | undefined {
  return run.endToEndMs ?? (run.completeMs === undefined ? undefined : run.partsMs + run.completeMs)
}

function report(input: {
  outcomes: Record<Method, Outcome>
  partsCount: number
  partSize: number
  without: Record<number, number[]>
  networkOnly: Record<number, number[]>
  withLatency: Record<number, number[]>
  totalMs: number
}): void {
  const { outcomes } = input
  const out: string[] = ['']
  out.push(
    `bench:upload — ${fileBytes} bytes (${(fileBytes / 1024 ** 2).toFixed(0)} MiB) in ${input.partsCount} parts of ${input.partSize} bytes (${(input.partSize / 1024 ** 2).toFixed(2)} MiB; the app's part plan)`,
  )
  out.push(
    `Chromium with ${LATENCY_MS} ms emulated round-trip latency (DevTools), no throughput limit; ${rounds} round(s), medians compared`,
  )
  const probes = PROBE_SIZES.map((size) => ({
    size,
    without: median(input.without[size] ?? []),
    networkOnly: median(input.networkOnly[size] ?? []),
    withLatency: median(input.withLatency[size] ?? []),
  }))
  const ms = (value: number) => `${value.toFixed(1)} ms`
  out.push(
    `Latency check, PUTs of a slice of the file to the store one after another (median of 9): no DevTools / Network.enable / + ${LATENCY_MS} ms emulated:`,
  )
  for (const p of probes) {
    out.push(
      `  ${p.size === 1 ? '1 B' : `${p.size / 1024 ** 2} MiB`}: ${ms(p.without)} / ${ms(p.networkOnly)} / ${ms(p.withLatency)} (emulation adds ${ms(p.withLatency - p.networkOnly)})`,
    )
  }
  const added = (probes[0]?.withLatency ?? 0) - (probes[0]?.networkOnly ?? 0)
  out.push(
    `  ${added >= LATENCY_MS * 0.75 ? 'the emulated latency applies to fetch uploads' : 'the emulated latency does NOT visibly apply to fetch uploads'}`,
  )
  out.push('')
  const header = [
    'method',
    'parts phase',
    'throughput',
    'complete call',
    'parts + complete',
    'in flight max / mean',
    'part PUT (median)',
    'CPU cores: server / browser / rest',
    'renderer main thread',
    'runs (parts-phase MB/s)',
    'note',
  ]
  const rows = (Object.keys(outcomes) as Method[])
    .filter((method) => method !== 'node' || nodeDiagnostic)
    .map((method) => {
      const { label, runs, problem } = outcomes[method]
      const partsMs = medianOf(runs, (run) => run.partsMs)
      const completeMs = medianOf(runs, (run) => run.completeMs)
      const endToEndMs = medianOf(runs, endToEnd)
      const cpu = (pick: (use: CpuUse) => number) => medianOf(runs, (run) => pick(run.cpu)) ?? 0
      const server = cpu((use) => use.serverCores)
      const browser = cpu((use) => use.browserCores)
      const rest = cpu((use) => use.machineCores - use.serverCores - use.browserCores)
      const notes = [...new Set(runs.map((run) => run.note))]
      if (problem) notes.push(problem)
      return [
        label,
        partsMs === undefined ? '—' : seconds(partsMs),
        rate(partsMs),
        completeMs === undefined ? '—' : seconds(completeMs),
        endToEndMs === undefined ? '—' : `${seconds(endToEndMs)} (${rate(endToEndMs)})`,
        runs.length === 0
          ? '—'
          : `${Math.max(...runs.map((run) => run.maxInFlight))} / ${medianOf(runs, (run) => run.meanInFlight)?.toFixed(1) ?? '—'}`,
        ((ms) => (ms === undefined ? '—' : `${ms.toFixed(0)} ms`))(
          medianOf(runs, (run) => run.partMedianMs),
        ),
        runs.length === 0
          ? '—'
          : `${server.toFixed(2)} / ${browser.toFixed(2)} / ${rest.toFixed(2)} of ${runs[0]?.cpu.cores}`,
        ((busy, script) =>
          busy === undefined ? '—' : `${busy.toFixed(2)} s (script ${(script ?? 0).toFixed(2)} s)`)(
          medianOf(runs, (run) => run.rendererTaskS),
          medianOf(runs, (run) => run.rendererScriptS),
        ),
        runs.map((run) => (mb(fileBytes) / (run.partsMs / 1000)).toFixed(1)).join(', ') || '—',
        notes.join('; '),
      ]
    })
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)),
  )
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ')
  out.push(line(header))
  for (const row of rows) out.push(line(row))
  out.push('')
  const pool = medianOf(outcomes.pool.runs, (run) => run.partsMs)
  const sequential = medianOf(outcomes.sequential.runs, (run) => run.partsMs)
  const uploader = medianOf(outcomes.uploader.runs, (run) => run.partsMs)
  // Throughput ratios, from the parts-phase times (same bytes each time).
  if (uploader !== undefined && pool !== undefined) {
    const share = pool / uploader
    out.push(
      `uploader / pool: ${(share * 100).toFixed(1)}% of the pool's parts-phase throughput (goal ≥ 90%: ${share >= 0.9 ? 'met' : 'NOT met'})`,
    )
    const poolWhole = medianOf(outcomes.pool.runs, endToEnd)
    const uploaderWhole = medianOf(outcomes.uploader.runs, endToEnd)
    if (poolWhole !== undefined && uploaderWhole !== undefined) {
      out.push(
        `uploader / pool, whole upload (uploader: its start to the complete answer, signatures and assembly included; pool: parts phase + complete call): ${((poolWhole / uploaderWhole) * 100).toFixed(1)}%`,
      )
    }
    const timeline = outcomes.uploader.runs.map((run) => run.timeline)
    const at = (pick: (t: NonNullable<Run['timeline']>) => number) =>
      seconds(median(timeline.filter((t) => t !== undefined).map(pick)))
    out.push(
      `uploader timeline (median, from the start): signatures answered ${at((t) => t.signaturesAnswered)}, first part sent ${at((t) => t.firstPartSent)}, last part answered ${at((t) => t.lastPartAnswered)}, complete sent ${at((t) => t.completeSent)}, answered ${at((t) => t.completeAnswered)}`,
    )
  } else {
    out.push(`uploader / pool: not measured (${outcomes.uploader.problem ?? 'no run'})`)
  }
  out.push(
    `pool / sequential: ${pool !== undefined && sequential !== undefined ? `${(sequential / pool).toFixed(2)}×` : 'not measured'}`,
  )
  out.push(
    `MB = 10^6 bytes; throughput = file size / parts phase (first part PUT sent to last answered); CPU: cores busy on average during each parts phase (server = dashboard + sandbox process; browser = Chromium; rest = everything else on the machine); renderer main thread: the page's busy time (DevTools TaskDuration) over the parts phase. Total run ${seconds(input.totalMs)}.`,
  )
  process.stdout.write(`${out.join('\n')}\n`)
}

await main()
