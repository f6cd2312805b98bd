/**
 * The index over the dashboard's HTTP API, on a dashboard with its embedded sandbox: it fills
 * itself at start, answers anyone signed in, lets only admins start a reconcile, and a change
 * made through the dashboard reaches it by the sandbox's own signed webhook.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningDashboard, startDashboard } from '../../../server/dashboard/start.ts'
import type { Product } from '../../../src/api/generated/types.gen.ts'
import { indexSummarySchema } from '../../../src/api/merch-index.ts'
import { send } from '../dashboard/http-client.ts'
import { createTempDist } from '../dashboard/temp-dist.ts'
import { addAccounts, signIn } from '../support/accounts.ts'
import { patchAtService } from '../support/demo-client.ts'
import { waitUntil } from '../wait-until.ts'

let dashboard: RunningDashboard
let dist: Awaited<ReturnType<typeof createTempDist>>
let dataDir: string
let viewer: Record<string, string>
let admin: Record<string, string>
let channelId: string

const get = (path: string, headers: Record<string, string> = viewer) =>
  send(dashboard.url, path, { headers })

beforeAll(async () => {
  dist = await createTempDist()
  dataDir = await mkdtemp(join(tmpdir(), 'index-http-'))
  const dashboardDb = join(dataDir, 'dashboard.db')
  const accounts = await addAccounts({ sqlitePath: dashboardDb }, ['viewer', 'admin'])
  dashboard = await startDashboard({
    port: 0,
    mode: 'production',
    distDir: dist.dir,
    dashboardDb,
    sandbox: { port: 0, db: ':memory:', seedVideos: 30, dataDir, timeScale: 100 },
    index: {},
    log: () => {},
  })
  viewer = await signIn(dashboard.url, accounts.viewer)
  admin = await signIn(dashboard.url, accounts.admin)
  channelId = (await get('/api/v1/channels')).json().channels[0].id
  await waitUntil(
    async () => (await get('/api/dashboard/index/status')).json().state === 'ready',
    'the index to be filled',
    { timeoutMs: 20_000, intervalMs: 100 },
  )
}, 30_000)

afterAll(async () => {
  await dashboard?.close()
  await dist?.remove()
  await rm(dataDir, { recursive: true, force: true })
})

describe('the index over HTTP', () => {
  it('answers only people signed in', async () => {
    const response = await send(
      dashboard.url,
      `/api/dashboard/index/videos?channel_id=${channelId}`,
    )
    expect(response.status).toBe(401)
  })

  it('finds the videos showing a product, as the service lists them', async () => {
    const service = await get(
      `/api/v1/videos?channel_id=${channelId}&page_size=100&fields=product_ids`,
    )
    const videos = service.json().videos as { id: string; product_ids: string[] }[]
    const product = videos.find((video) => video.product_ids.length > 0)?.product_ids[0] as string
    const found = await get(
      `/api/dashboard/index/videos?channel_id=${channelId}&product_id=${product}&page_size=100`,
    )
    expect(found.status).toBe(200)
    expect(
      found
        .json()
        .videos.map((video: { id: string }) => video.id)
        .sort(),
    ).toEqual(
      videos
        .filter((video) => video.product_ids.includes(product))
        .map((video) => video.id)
        .sort(),
    )
    expect(found.json().index).toMatchObject({ state: 'ready' })
  })

  it('says what is wrong with a query', async () => {
    const response = await get(`/api/dashboard/index/videos?channel_id=${channelId}&match=some`)
    expect(response.status).toBe(400)
    expect(response.json().error).toMatch(/^Invalid match/)
  })

  it("answers a channel's summary to a viewer, as its schema says, and asks for the channel", async () => {
    const response = await get(`/api/dashboard/index/summary?channel_id=${channelId}`)
    expect(response.status).toBe(200)
    const summary = indexSummarySchema.parse(response.json())
    expect(summary.scheduled_days).toHaveLength(14)
    const total = async (archived: boolean) =>
      (await get(`/api/v1/videos?channel_id=${channelId}&archived=${archived}&page_size=1`)).json()
        .pagination.total_entries
    const { draft, scheduled, live, archived } = summary.states
    expect([draft + scheduled + live, archived]).toEqual([await total(false), await total(true)])
    expect(summary.index).toMatchObject({ state: 'ready' })
    const unnamed = await get('/api/dashboard/index/summary')
    expect(unnamed.status).toBe(400)
    expect(unnamed.json().error).toMatch(/^Invalid channel_id/)
    expect(
      (await send(dashboard.url, `/api/dashboard/index/summary?channel_id=${channelId}`)).status,
    ).toBe(401)
  })

  it('refuses a review queue channel_id of the wrong shape or length, and says a channel nobody has is unknown', async () => {
    const queue = (channel: string) =>
      get(`/api/dashboard/index/review-queue?channel_id=${encodeURIComponent(channel)}`)
    for (const bad of ['../videos', 'a b', 'x'.repeat(101), '']) {
      const refused = await queue(bad)
      expect([bad, refused.status]).toEqual([bad, 400])
      expect(refused.json().error).toMatch(/^Invalid channel_id/)
    }
    const unknown = await queue('NoSuchChannel42')
    expect(unknown.status).toBe(404)
    expect(unknown.json().error).toMatch(/channel/)
    expect((await queue(channelId)).status).toBe(200)
  })

  it('exports the products no live video shows as CSV, as many as it counts', async () => {
    const json = await get(`/api/dashboard/index/coverage/products?channel_id=${channelId}&limit=5`)
    const csv = await get(
      `/api/dashboard/index/coverage/products?channel_id=${channelId}&format=csv`,
    )
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    const lines = csv.text.trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      'product_id,name,brand,category,price_min,price_max,currency,quantity,store_id',
    )
    expect(lines.length - 1).toBe(json.json().total)
    expect(json.json().products).toHaveLength(Math.min(5, json.json().total))
  })

  it('lets an admin, not a viewer, start a reconcile', async () => {
    const refused = await send(dashboard.url, '/api/dashboard/index/reconcile', {
      method: 'POST',
      headers: viewer,
    })
    expect(refused.status).toBe(403)
    // Read just before, as the coverage page does: the answer after the start must not be that copy.
    const before = (await get('/api/dashboard/index/status')).json()
    const started = await send(dashboard.url, '/api/dashboard/index/reconcile', {
      method: 'POST',
      headers: admin,
    })
    expect(started.status).toBe(202)
    const after = (await get('/api/dashboard/index/status')).json()
    expect(
      after.running?.kind === 'reconcile' ||
        after.last_pass?.started_at !== before.last_pass?.started_at,
    ).toBe(true)
    await expect
      .poll(async () => (await get('/api/dashboard/index/status')).json().last_pass?.kind, {
        timeout: 10_000,
      })
      .toBe('reconcile')
  })

  it("learns of a change made elsewhere from the sandbox's signed webhook", async () => {
    const list = await get(
      `/api/v1/videos?channel_id=${channelId}&page_size=100&fields=product_ids`,
    )
    const videos = list.json().videos as { id: string; product_ids: string[] }[]
    const video = videos[0] as { id: string; product_ids: string[] }
    const tagged = videos
      .flatMap((each) => each.product_ids)
      .find((product) => !video.product_ids.includes(product)) as string
    // Straight to the service, as another of its clients would: only the webhook tells the index.
    const patched = await patchAtService(dashboard.serviceUrl, video.id, {
      product_ids: [...video.product_ids, tagged],
    })
    expect(patched.status).toBe(200)
    await expect
      .poll(
        async () =>
          (
            await get(
              `/api/dashboard/index/videos?channel_id=${channelId}&product_id=${tagged}&page_size=100`,
            )
          )
            .json()
            .videos.map((each: { id: string }) => each.id),
        { timeout: 5_000 },
      )
      .toContain(video.id)
  })

  it('learns of a product changed through the dashboard from its answer, with no pass', async () => {
    const list = await get(
      `/api/v1/videos?channel_id=${channelId}&page_size=100&fields=product_ids`,
    )
    const videos = list.json().videos as { id: string; product_ids: string[] }[]
    const productId = videos.flatMap((each) => each.product_ids)[0] as string
    const product = (await get(`/api/v1/products/${productId}`)).json() as Product
    const changed = await send(dashboard.url, '/api/v1/products', {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({
        business_store_id: product.business_store_id,
        external_id: product.external_id,
        product_units: product.units.map((unit) => ({
          external_id: unit.external_id,
          quantity: 0,
        })),
      }),
    })
    expect(changed.status).toBe(200)
    await expect
      .poll(
        async () =>
          (await get(`/api/dashboard/index/tag-health?channel_id=${channelId}`))
            .json()
            .tags.map((tag: { product_id: string; problem: string }) => [
              tag.product_id,
              tag.problem,
            ]),
        { timeout: 5_000 },
      )
      .toContainEqual([productId, 'out_of_stock'])
    const status = (await get('/api/dashboard/index/status')).json()
    expect(status.last_pass.kind).toBe('reconcile')
  })
})
