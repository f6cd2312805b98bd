// npm run bench:live — live updates, measured against the real dashboard server (with its
// embedded sandbox) in its own process. 1) 200 times: a video's caption changes on the service,
// then a signed `video_updated` webhook is posted to /webhooks/service; timed from sending the
// webhook to the frame in an open tab (headless Chromium, the video's page) that shows the new
// caption, and to the event reaching a plain SSE client (the server's own handling). 2) 1,000 SSE
// clients on the one server: the JavaScript memory it holds per client (heap and buffers, after
// a collection), and 20 events' delivery to all of them.
// Goals: end to end p95 ≤ 1 s, server ≤ 20 ms. The sandbox's own webhooks are pointed nowhere so
// that every event measured is the benchmark's.
import { createHmac, randomBytes } from 'node:crypto'
import { Agent } from 'node:http'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { heldBytes, openSseClient, type SseClient } from './live/sse-clients.ts'
import {
  buildApp,
  launchBrowser,
  makeTempDir,
  type ServerProcess,
  startServer,
} from './ui/harness.ts'
import { figuresJson, max, ms, percentile, type Row, table } from './ui/stats.ts'
import { benchSteps } from './ui/steps.ts'

const events = Number(process.env.BENCH_LIVE_EVENTS ?? 200)
const clientCount = Number(process.env.BENCH_LIVE_CLIENTS ?? 1000)
const fanoutEvents = 20
const secret = randomBytes(18).toString('base64url')

const temp = makeTempDir()
let server: ServerProcess | undefined
let browser: Browser | undefined
const clients: SseClient[] = []
const cleanup = async () => {
  for (const client of clients) client.close()
  await browser?.close().catch(() => {})
  await server?.stop().catch(() => {})
  temp.remove()
}
const step = benchSteps(cleanup)

let created = 1_790_000_000
// A video_updated as the service sends it: the whole webhook snapshot (document 1, 6.3).
const videoUpdated = (videoId: string) =>
  JSON.stringify({
    event_type: 'video_updated',
    version: '2023-06-06',
    created: created++,
    business_id: 'bench',
    data: {
      id: videoId,
      status: 'approved',
      access: 'public',
      audio_disabled: false,
      caption: null,
      description: null,
      hashtags: [],
      archived_at: null,
      product_ids: [],
      custom_fields: {},
      display_social_attributions: false,
      external_media: null,
      thumbnail_url: null,
      video_posters: [],
    },
  })

async function postWebhook(url: string, videoId: string) {
  const body = videoUpdated(videoId)
  const t = Date.now()
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('base64')
  const response = await fetch(`${url}/webhooks/service`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'service-webhooks-signature': `t=${t},v1=${v1}`,
    },
    body,
  })
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
  process.env.SERVICE_WEBHOOK_SECRET = secret
  process.env.SANDBOX_WEBHOOK_URL = 'http://127.0.0.1:9/not-listening'
  process.env.SANDBOX_WEBHOOK_SECRET = 'unused'
  process.env.BENCH_MEMORY_FILE = join(temp.dir, 'memory.json')
  // Every client is the benchmark's one admin: the per-account cap on open streams is raised.
  process.env.BENCH_STREAMS_PER_ACCOUNT = String(clientCount + 10)
  server = await startServer({ distDir: join(temp.dir, 'dist'), dataDir: temp.dir, videos: 40 })
  const { url } = server
  session = server.session
  const { channels } = await json<{ channels: Array<{ id: string }> }>(`${url}/api/v1/channels`)
  const list = await json<{ videos: Array<{ id: string }> }>(
    `${url}/api/v1/videos?channel_id=${channels[0]?.id}&status=approved&page_size=1`,
  )
  const videoId = list.videos[0]?.id ?? ''

  browser = await launchBrowser()
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await server.signIn(context)
  const page = await context.newPage()
  await page.goto(`${url}/videos/${videoId}`)
  await page.getByRole('status').filter({ hasText: /^Live/ }).waitFor()
  const watcher = await openSseClient(url, new Agent({ keepAlive: true }), server.session)
  clients.push(watcher)

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
    watcher.arrivals.delete(videoId)
    const sentEpoch = Date.now()
    const sent = performance.now()
    await postWebhook(url, videoId)
    const paintedAt = await painted
    if (paintedAt === null) notShown++
    else if (paintedAt < sentEpoch) early++
    else endToEnd.push(paintedAt - sentEpoch)
    while (!watcher.arrivals.has(videoId)) await new Promise((resolve) => setTimeout(resolve, 1))
    serverSide.push((watcher.arrivals.get(videoId) ?? sent) - sent)
  }
  await page.close()

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
  const fanout = clients.slice(1)
  const delivery: number[] = []
  for (let index = 0; index < fanoutEvents; index++) {
    const id = `fanout-${index}`
    const sent = performance.now()
    const body = videoUpdated(id)
    const t = Date.now()
    const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('base64')
    await fetch(`${url}/webhooks/service`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'service-webhooks-signature': `t=${t},v1=${v1}`,
      },
      body,
    })
    const deadline = performance.now() + 10_000
    while (fanout.some((client) => !client.arrivals.has(id)) && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 2))
    for (const client of fanout) {
      const at = client.arrivals.get(id)
      if (at !== undefined) delivery.push(at - sent)
    }
  }
  step('done')

  const missing = fanoutEvents * fanout.length - delivery.length
  const perClientKiB = Math.max(0, (after - before) / fanout.length / 1024)
  const rows: Row[] = [
    {
      figure: `Webhook sent → painted in a tab, p50 (${events} events)`,
      result: ms(percentile(endToEnd, 0.5)),
      goal: '',
      met: null,
      key: 'endToEndP50Ms',
      value: percentile(endToEnd, 0.5),
    },
    {
      figure: 'Webhook sent → painted in a tab, p95',
      result: ms(percentile(endToEnd, 0.95)),
      goal: '≤ 1 s',
      met: percentile(endToEnd, 0.95) <= 1000,
      key: 'endToEndP95Ms',
      value: percentile(endToEnd, 0.95),
    },
    {
      figure: 'Webhook sent → painted in a tab, max',
      result: ms(max(endToEnd)),
      goal: '',
      met: null,
    },
    {
      figure: "Server's own handling (sent → SSE frame), p95",
      result: ms(percentile(serverSide, 0.95)),
      goal: '≤ 20 ms',
      met: percentile(serverSide, 0.95) <= 20,
      key: 'serverP95Ms',
      value: percentile(serverSide, 0.95),
    },
    {
      figure: 'SSE clients on one server',
      result: String(fanout.length),
      goal: '1,000',
      met: fanout.length >= 1000,
      key: 'sseClients',
      value: fanout.length,
    },
    {
      figure: `Delivery to every client, p95 (${fanoutEvents} events)`,
      result: ms(percentile(delivery, 0.95)),
      goal: '',
      met: null,
      key: 'sseDeliveryP95Ms',
      value: percentile(delivery, 0.95),
    },
    {
      figure: 'Server memory per client',
      result: `${perClientKiB.toFixed(1)} KiB`,
      goal: '',
      met: null,
      key: 'memoryPerClientKiB',
      value: Number(perClientKiB.toFixed(1)),
    },
    {
      figure: 'Deliveries missing after 10 s',
      result: String(missing),
      goal: '0',
      met: missing === 0,
    },
    {
      figure: 'Changes not painted within 5 s',
      result: String(notShown),
      goal: '0',
      met: notShown === 0,
    },
    {
      figure: 'Changes painted before their webhook (left out)',
      result: String(early),
      goal: '',
      met: null,
    },
  ]
  console.log(`\nbench:live — headless Chromium and ${fanout.length} SSE clients\n`)
  console.log(table(rows))
  console.log(figuresJson(rows))
  if (missing > 0 || notShown > 0) process.exitCode = 1
} catch (error) {
  console.error(error)
  process.exitCode = 1
} finally {
  await cleanup()
}
