// npm run bench:live — live updates, measured against the real dashboard server in its own
// process (the sandbox in another). 1) 200 times: a video's caption changes on the service,
// then a signed `video_updated` webhook is posted to /webhooks/service; timed from sending the
// webhook to the frame in an open tab (headless Chromium, the video's page) that shows the new
// caption, and to the event reaching a plain SSE client (the server's own handling, timed in a
// process of its own: bench/live/webhook-probe.ts). 2) 1,000 SSE
// clients on the one server: the JavaScript memory it holds per client (heap and buffers, after
// a collection), and 20 events' delivery to all of them.
// Goals: end to end p95 ≤ 1 s, server ≤ 20 ms. The sandbox's own webhooks are pointed nowhere so
// that every event measured is the benchmark's. Timings are the reference device's
// (bench/reference): the tab is slowed to it from Chromium's index (or its timings scaled on a
// slower host); the server's are scaled by the index of the server's process, measured at the
// start and end of the timed work. The server and the probe timing it get a core of their own,
// the tab, the sandbox and the benchmark the others (bench/reference/cores.ts). A response of the
// tab answered 401 or 5xx fails the run.
import { randomBytes } from 'node:crypto'
import { Agent } from 'node:http'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { liveRows } from './live/rows.ts'
import { heldBytes, openSseClient, type SseClient } from './live/sse-clients.ts'
import { signedVideoUpdated } from './live/webhook-body.ts'
import { startWebhookProbe, type WebhookProbe } from './live/webhook-probe-process.ts'
import { chromiumHost } from './reference/chromium-host.ts'
import { pinProcess, splitCores } from './reference/cores.ts'
import { assertNoRefusals, guardResponses } from './reference/guard.ts'
import { HostSpeed } from './reference/host-index.ts'
import { printReport } from './reference/report.ts'
import { serverReference } from './reference/scale.ts'
import { newThrottledPage } from './reference/throttle.ts'
import {
  buildApp,
  launchBrowser,
  makeTempDir,
  type ServerProcess,
  startServer,
} from './ui/harness.ts'
import { benchSteps } from './ui/steps.ts'

const events = Number(process.env.BENCH_LIVE_EVENTS ?? 200)
const clientCount = Number(process.env.BENCH_LIVE_CLIENTS ?? 1000)
const fanoutEvents = 20
const secret = randomBytes(18).toString('base64url')

const temp = makeTempDir()
let server: ServerProcess | undefined
let browser: Browser | undefined
let probe: WebhookProbe | undefined
const clients: SseClient[] = []
const cleanup = async () => {
  probe?.stop()
  for (const client of clients) client.close()
  await browser?.close().catch(() => {})
  await server?.stop().catch(() => {})
  temp.remove()
}
const step = benchSteps(cleanup)

async function postWebhook(url: string, videoId: string) {
  const { body, headers } = signedVideoUpdated(secret, videoId)
  const response = await fetch(`${url}/webhooks/service`, { method: 'POST', headers, body })
  if (response.status !== 202) throw new Error(`webhook answered ${response.status}`)
}

let session: Record<string, string> = {}
const json = async <T>(url: string, init?: RequestInit) => {
  const response = await fetch(url, { ...init, headers: { ...session, ...init?.headers } })
  if (!response.ok) throw new Error(`${url}: ${response.status}`)
  return (await response.json()) as T
}

try {
  step('building the app')
  await buildApp(join(temp.dir, 'dist'))
  step('starting the dashboard')
  // Before any child starts, so the sandbox and Chromium inherit the others' CPUs.
  const cores = splitCores()
  if (cores) pinProcess(process.pid, cores.others)
  process.env.SERVICE_WEBHOOK_SECRET = secret
  process.env.SANDBOX_WEBHOOK_URL = 'http://127.0.0.1:9/not-listening'
  process.env.SANDBOX_WEBHOOK_SECRET = 'unused'
  process.env.BENCH_MEMORY_FILE = join(temp.dir, 'memory.json')
  // Every client is the benchmark's one admin: the per-account cap on open streams is raised.
  process.env.BENCH_STREAMS_PER_ACCOUNT = String(clientCount + 10)
  server = await startServer({
    distDir: join(temp.dir, 'dist'),
    dataDir: temp.dir,
    videos: 40,
    serverCpus: cores?.server,
  })
  const { url } = server
  session = server.session
  const { channels } = await json<{ channels: Array<{ id: string }> }>(`${url}/api/v1/channels`)
  const list = await json<{ videos: Array<{ id: string }> }>(
    `${url}/api/v1/videos?channel_id=${channels[0]?.id}&status=approved&page_size=1`,
  )
  const videoId = list.videos[0]?.id ?? ''

  browser = await launchBrowser()
  const chromium = await chromiumHost(browser)
  const running = server
  const serverSpeed = await HostSpeed.start('server', () => running.hostIndex())
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await server.signIn(context)
  guardResponses(context)
  const page = await newThrottledPage(context, chromium.rate)
  await page.goto(`${url}/videos/${videoId}`)
  await page.getByRole('status').filter({ hasText: /^Live/ }).waitFor()
  probe = await startWebhookProbe({ url, headers: server.session, secret, cpus: cores?.server })

  step(`${events} events to an open tab`)
  const endToEnd: number[] = []
  const serverSide: number[] = []
  let early = 0
  let notShown = 0
  for (let index = 0; index < events; index++) {
    const caption = `Live caption ${index} ${Date.now()}`
    // Watched from before the change, so a paint that comes early (a read still in flight from
    // the previous event returning the new caption) is seen and left out; a string, so the
    // bundler's helpers never reach the page.
    const painted = page.evaluate(`new Promise((resolve) => {
      const stamp = () => performance.timeOrigin + performance.now()
      if (document.querySelector('h1')?.textContent === ${JSON.stringify(caption)}) {
        resolve(stamp())
        return
      }
      const timer = setTimeout(() => resolve(null), 5000)
      const observer = new MutationObserver(() => {
        if (document.querySelector('h1')?.textContent !== ${JSON.stringify(caption)}) return
        observer.disconnect()
        clearTimeout(timer)
        requestAnimationFrame(() => resolve(stamp()))
      })
      observer.observe(document, { subtree: true, childList: true, characterData: true })
    })`) as Promise<number | null>
    await json(`${url}/api/v1/videos/${videoId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ caption }),
    })
    const { sentAt, ms } = await probe.send(videoId)
    serverSide.push(ms)
    const paintedAt = await painted
    if (paintedAt === null) notShown++
    else if (paintedAt < sentAt) early++
    else endToEnd.push(paintedAt - sentAt)
  }
  await chromium.end()
  await page.close()
  assertNoRefusals(context, 'the video page')

  step(`${clientCount} SSE clients`)
  const memoryFile = join(temp.dir, 'memory.json')
  const before = await heldBytes(server.pid, memoryFile)
  const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY })
  for (let opened = 0; opened < clientCount; opened += 100) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(100, clientCount - opened) }, () =>
        openSseClient(url, agent, session),
      ),
    )
    clients.push(...batch)
  }
  const after = await heldBytes(server.pid, memoryFile)
  const fanout = clients
  const delivery: number[] = []
  for (let index = 0; index < fanoutEvents; index++) {
    const id = `fanout-${index}`
    const sent = performance.now()
    await postWebhook(url, id)
    const deadline = performance.now() + 10_000
    while (fanout.some((client) => !client.arrivals.has(id)) && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 2))
    for (const client of fanout) {
      const at = client.arrivals.get(id)
      if (at !== undefined) delivery.push(at - sent)
    }
  }
  await serverSpeed.end()
  step('done')

  const missing = fanoutEvents * fanout.length - delivery.length
  const perClientKiB = Math.max(0, (after - before) / fanout.length / 1024)
  const figures = {
    ...{ events, endToEnd, serverSide, fanoutEvents, delivery, perClientKiB, missing },
    ...{ clients: fanout.length, notShown, early },
  }
  printReport(
    'live',
    `bench:live — headless Chromium and ${fanout.length} SSE clients`,
    liveRows(figures, chromium.reference(), serverReference(serverSpeed)),
    { ...chromium.hosts(), speeds: [chromium.speed, serverSpeed], cores },
  )
  if (missing > 0 || notShown > 0) process.exitCode = 1
} catch (error) {
  console.error(error)
  process.exitCode = 1
} finally {
  await cleanup()
}
