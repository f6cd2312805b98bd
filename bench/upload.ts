// npm run bench:upload — a 1 GB MP4 uploaded by multipart to the sandbox's built-in S3
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
// diagnostic run; BENCH_UPLOAD_LATENCY_MS (default 40) changes the emulated latency. Its figures
// are throughputs, as measured (no page is slowed); the JSON line carries the host index of
// Chromium, which sends the parts, and of the server, at the start and end of the runs.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { makeMp4File } from '../test/support/media/make-mp4.ts'
import { chromiumIndex, HostSpeed } from './reference/host-index.ts'
import { printReport } from './reference/report.ts'
import { buildApp, launchBrowser, type ServerProcess, startServer } from './ui/harness.ts'
import { allocatedBytes, DashboardApi, removeStoredObject, storedSize } from './upload/api.ts'
import { blankPage, probe, writeBlankPage } from './upload/blank-page.ts'
import { emulate, networkSession } from './upload/latency.ts'
import { dashboardUploader, nodePool, pagePool } from './upload/methods.ts'
import { planParts } from './upload/plan.ts'
import { report, uploadRows } from './upload/report.ts'
import type { Env, Method, Outcome, Run } from './upload/run.ts'
import { fileBytes, LATENCY_MS, nodeDiagnostic, POOL_SIZE, rounds } from './upload/settings.ts'
import { ScreenUnavailable } from './upload/uploader.ts'

const pageScript = readFileSync(new URL('./upload/page-put.js', import.meta.url), 'utf8')

const log = (message: string) => process.stderr.write(`${message}\n`)

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
    const api = new DashboardApi(server.url, server.session)
    const channelId = await api.firstChannelId()
    browser = await launchBrowser()
    const open = browser
    const running = server
    const chromium = await HostSpeed.start('chromium', () => chromiumIndex(open))
    const serverSpeed = await HostSpeed.start('server', () => running.hostIndex())
    const context = await browser.newContext()
    await server.signIn(context)
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
    await chromium.end()
    await serverSpeed.end()

    if (interrupted) return
    const figures = report({
      outcomes,
      partsCount: plan.partsCount,
      partSize: plan.partSize,
      without,
      networkOnly,
      withLatency,
      totalMs: performance.now() - started,
    })
    printReport('upload', 'bench:upload — throughputs as measured', uploadRows(figures), {
      speeds: [chromium, serverSpeed],
    })
  } finally {
    process.off('SIGINT', stopping)
    process.off('SIGTERM', stopping)
    await cleanup()
  }
}

await main()
