// npm run bench:index — the merchandising index (issue 21) at 100,000 videos over 10,000 products.
// The dashboard server runs in a child process, the sandbox in another seeded to that size, and
// the index on; it fills the index at start (the backfill). Then, over loopback HTTP as a
// signed-in admin: the product filter (300 queries of one to three products or variants, any or
// all), the coverage views (products without a live video, sorted four ways, and live videos
// without a product; 100 each), the home page's summary (50 after a webhook each, and from its
// cache; no goal), and 200 signed `video_updated` webhooks, each timed from sending to the
// dashboard's 202, which it sends once the index row is written (checked after in the database);
// last, one viewer's heavy reads of the summary beside /healthz and another account's library
// page (bench/index/under-load.ts). Goals:
// backfill ≤ 60 s in at most the requests the documented API needs for the data (computed);
// product filter p95 ≤ 50 ms; coverage p95 ≤ 200 ms; webhook to index p95 ≤ 100 ms; under the
// heavy reads, /healthz p95 ≤ 50 ms and the library page ≤ 1.5× its time at rest. A missed goal
// is a figure, not a failure. Timings are scaled to the reference device by the server process's
// index, read after the backfill and the last phase.
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { delivery, postWebhook, videoEvent } from '../test/server/webhooks/support.ts'
import { benchClient } from './index/client.ts'
import { leastRequests } from './index/least-requests.ts'
import { sandboxProductsFor } from './index/sandbox-products.ts'
import { underLoad } from './index/under-load.ts'
import { p50AndP95, type Row, timing } from './reference/figures.ts'
import { HostSpeed } from './reference/host-index.ts'
import { printReport } from './reference/report.ts'
import { serverReference } from './reference/scale.ts'
import { buildApp, makeTempDir, type ServerProcess, startServer } from './ui/harness.ts'
import { max, percentile, seconds } from './ui/stats.ts'
import { benchSteps } from './ui/steps.ts'

const videos = Number(process.env.BENCH_INDEX_VIDEOS ?? 100_000)
const products = Number(process.env.BENCH_INDEX_PRODUCTS ?? 10_000)
const secret = randomBytes(24).toString('base64url')

const temp = makeTempDir()
let server: ServerProcess | undefined
const step = benchSteps(async () => {
  await server?.stop().catch(() => {})
  temp.remove()
})

type Status = {
  state: string
  videos: number
  products: number
  unconfirmed: number
  last_pass: { started_at: string; finished_at: string; requests: number; videos: number } | null
}

async function webhook(videoId: string, caption: string, productIds?: string[]): Promise<number> {
  const created = Math.floor(Date.now() / 1000)
  const { body, signature } = delivery(
    secret,
    videoEvent(videoId, created, 'video_updated', {
      caption,
      ...(productIds ? { product_ids: productIds } : {}),
    }),
  )
  const started = performance.now()
  const response = await postWebhook(server?.url ?? '', body, signature)
  const took = performance.now() - started
  if (response.status !== 202) throw new Error(`the webhook was answered ${response.status}`)
  return took
}

const pick = <T>(items: readonly T[], count: number) =>
  Array.from({ length: count }, () => items[Math.floor(Math.random() * items.length)] as T)

try {
  step('building the app')
  await buildApp(join(temp.dir, 'dist'))
  step(
    `starting the dashboard (${videos.toLocaleString('en')} videos, ${products.toLocaleString('en')} products) and waiting for its backfill`,
  )
  process.env.SANDBOX_SEED_PRODUCTS = String(sandboxProductsFor(products))
  process.env.SERVICE_WEBHOOK_SECRET = secret
  // The sandbox's own webhooks go nowhere: every event the index gets is the benchmark's.
  process.env.SANDBOX_WEBHOOK_URL = 'http://127.0.0.1:9/not-listening'
  process.env.SANDBOX_WEBHOOK_SECRET = 'unused'
  server = await startServer({
    distDir: join(temp.dir, 'dist'),
    dataDir: temp.dir,
    videos,
    index: true,
  })
  const { json, timed, waits } = benchClient(server.url, server.session)
  const running = server
  const speed = await HostSpeed.start('server', () => running.hostIndex())

  // startServer returned once the backfill was done.
  const status = await json<Status>('/api/dashboard/index/status')
  const pass = status.last_pass
  const backfillSeconds = pass
    ? (Date.parse(pass.finished_at) - Date.parse(pass.started_at)) / 1000
    : Number.NaN
  const { channels } = await json<{ channels: { id: string }[] }>('/api/v1/channels')
  const channel = channels[0]?.id as string
  const least = await leastRequests(
    json,
    channels.map((each) => each.id),
  )

  step('the product filter, 300 queries')
  const sample = await json<{
    videos: { id: string; caption: string | null; product_ids: string[]; variant_ids: string[] }[]
  }>(`/api/dashboard/index/videos?channel_id=${channel}&page_size=100`)
  const tags = [
    ...new Set(sample.videos.flatMap((video) => [...video.product_ids, ...video.variant_ids])),
  ]
  const filter: number[] = []
  for (let round = 0; round < 300; round++) {
    const chosen = pick(tags, 1 + (round % 3))
      .map((tag) => `&product_id=${tag}`)
      .join('')
    const match = round % 2 === 0 ? 'any' : 'all'
    filter.push(
      await timed(
        `/api/dashboard/index/videos?channel_id=${channel}${chosen}&match=${match}&page_size=20`,
      ),
    )
  }

  step('the coverage views, 200 queries')
  const coverage: number[] = []
  const sorts = ['name', 'brand', 'price', 'quantity']
  for (let round = 0; round < 100; round++) {
    const sort = sorts[round % sorts.length]
    const order = round % 8 < 4 ? 'asc' : 'desc'
    coverage.push(
      await timed(
        `/api/dashboard/index/coverage/products?channel_id=${channel}&sort=${sort}&order=${order}&limit=50`,
      ),
    )
    coverage.push(
      await timed(
        `/api/dashboard/index/coverage/videos?channel_id=${channel}&offset=${round * 10}&limit=50`,
      ),
    )
  }

  // No goal of its own: the home page reads it, at most once a second while open. Each read
  // follows a webhook (a video as it is), which clears what the index keeps of the summary: the
  // first read after it is the database's, the next the cache's.
  step("the home page's summary, 50 queries after a webhook each, and 50 again")
  const summary: number[] = []
  const cached: number[] = []
  const summaryPath = `/api/dashboard/index/summary?channel_id=${channel}`
  for (const video of sample.videos.slice(0, 50)) {
    await webhook(video.id, video.caption ?? '', video.product_ids)
    // The read that completes the webhook's row changes the index again: timed after it.
    while ((await json<Status>('/api/dashboard/index/status')).unconfirmed > 0)
      await new Promise((resolve) => setTimeout(resolve, 20))
    summary.push(await timed(summaryPath))
    cached.push(await timed(summaryPath))
  }

  step('200 webhooks')
  const hooks: number[] = []
  const sent = new Map<string, string>()
  for (const [index, video] of sample.videos.slice(0, 100).entries()) {
    for (const round of [0, 1]) {
      // Changed at the service first, as a webhook follows a change: the read the index makes
      // after each webhook then agrees with it.
      const caption = `Bench caption ${index}.${round} ${Date.now()}`
      await json(`/api/v1/videos/${video.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ caption }),
      })
      hooks.push(await webhook(video.id, caption))
      sent.set(video.id, caption)
    }
  }
  // The 202 comes after the row is written; once the reads that follow each webhook have
  // completed (no row partial), every caption sent last must be in the index.
  while ((await json<Status>('/api/dashboard/index/status')).unconfirmed > 0)
    await new Promise((resolve) => setTimeout(resolve, 50))
  const db = new Database(join(temp.dir, 'dashboard.db'), { readonly: true })
  const stale = [...sent].filter(
    ([id, caption]) =>
      (
        db.prepare('select caption from indexed_videos where id = ?').get(id) as
          | { caption: string }
          | undefined
      )?.caption !== caption,
  ).length
  db.close()

  const current = await json<{
    videos: { id: string; caption: string | null; product_ids: string[] }[]
  }>(`/api/dashboard/index/videos?channel_id=${channel}&page_size=50`)
  const loadRows = await underLoad({
    url: server.url,
    dataDir: temp.dir,
    channel,
    secret,
    videos: current.videos,
    step,
  })

  await speed.end()
  const reference = serverReference(speed)
  const rows: Row[] = [
    {
      figure: 'Videos indexed',
      result: status.videos.toLocaleString('en'),
      goal: '',
      met: null,
      key: 'videos',
      value: status.videos,
    },
    {
      figure: 'Products indexed (the business’s stores)',
      result: status.products.toLocaleString('en'),
      goal: '',
      met: null,
    },
    timing(reference, {
      figure: 'Backfill time',
      measured: backfillSeconds,
      atMost: 60,
      goal: '≤ 60 s',
      key: 'backfillSeconds',
      format: seconds,
    }),
    {
      figure: 'Backfill requests to the service',
      result: String(pass?.requests ?? 'n/a'),
      // Issue 35: at most the least the documented API allows for the data, computed below.
      goal: `≤ ${least.toLocaleString('en')}`,
      met: (pass?.requests ?? Infinity) <= least,
      key: 'backfillRequests',
      value: pass?.requests ?? null,
    },
    {
      figure: 'Least the documented API allows for this data',
      result: least.toLocaleString('en'),
      goal: '',
      met: null,
    },
    timing(reference, { figure: 'Product filter, p50', measured: percentile(filter, 0.5) }),
    timing(reference, {
      figure: 'Product filter, p95 (300)',
      measured: percentile(filter, 0.95),
      atMost: 50,
      key: 'productFilterP95Ms',
    }),
    timing(reference, { figure: 'Coverage views, p50', measured: percentile(coverage, 0.5) }),
    timing(reference, {
      figure: 'Coverage views, p95 (200)',
      measured: percentile(coverage, 0.95),
      atMost: 200,
      key: 'coverageP95Ms',
    }),
    p50AndP95(reference, {
      figure: 'Home summary after a webhook, p50 / p95 (50)',
      values: summary,
    }),
    p50AndP95(reference, { figure: 'Home summary from its cache, p50 / p95 (50)', values: cached }),
    timing(reference, { figure: 'Webhook to index, p50', measured: percentile(hooks, 0.5) }),
    timing(reference, {
      figure: 'Webhook to index, p95 (200)',
      measured: percentile(hooks, 0.95),
      atMost: 100,
      key: 'webhookToIndexP95Ms',
    }),
    timing(reference, { figure: 'Webhook to index, max', measured: max(hooks) }),
    {
      figure: 'Webhooks answered but not in the index',
      result: String(stale),
      goal: '0',
      met: stale === 0,
    },
    ...loadRows(reference),
    {
      figure: 'Benchmark requests told to wait (429 or 503), then asked again',
      result: String(waits()),
      goal: '',
      met: null,
    },
  ]
  printReport(
    'index',
    `bench:index — ${videos.toLocaleString('en')} videos over ${products.toLocaleString('en')} products`,
    rows,
    { speeds: [speed] },
  )
} finally {
  await server?.stop().catch(() => {})
  temp.remove()
}
