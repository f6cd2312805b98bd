/**
 * Auto-accept against the sandbox, over HTTP: an admin turns it on where the team's decisions
 * support it; a matching job started through the dashboard completes and is settled (the service's
 * accept sent, the video's earlier tags kept); the video's ledger shows the automatic decisions,
 * and undoing their batch takes the accepted products off the video and marks the rows undone.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { ProductList, ProductMatchList, Video } from '@/api/generated/types.gen.ts'
import { videoLedgerSchema } from '@/api/review.ts'
import { areaMigrations } from '../../../server/dashboard/areas.ts'
import { openDashboardDb } from '../../../server/dashboard/db/database.ts'
import type { ReviewTableMap } from '../../../server/dashboard/review/review-context.ts'
import { type RunningDashboard, startDashboard } from '../../../server/dashboard/start.ts'
import { send } from '../dashboard/http-client.ts'
import { createTempDist } from '../dashboard/temp-dist.ts'
import { createTestAccount, signIn, testPassword } from '../support/accounts.ts'
import { waitUntil } from '../wait-until.ts'
import { many, record } from './calibration-ledger.ts'

let dashboard: RunningDashboard
let dist: Awaited<ReturnType<typeof createTempDist>>
let dataDir: string
let sessions: Record<'admin' | 'editor', Record<string, string>>

const call = (who: 'admin' | 'editor', method: string, path: string, body?: unknown) =>
  send(dashboard.url, path, {
    method,
    headers: {
      ...sessions[who],
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })

beforeAll(async () => {
  dist = await createTempDist()
  dataDir = await mkdtemp(join(tmpdir(), 'auto-accept-sandbox-'))
  const dashboardDb = join(dataDir, 'dashboard.db')
  // Two people, and the team's history: 200 suggestions at 30 and above, all accepted.
  const db = await openDashboardDb({ sqlitePath: dashboardDb, areas: areaMigrations })
  const accounts = {
    admin: { email: 'admin@example.com', password: testPassword, role: 'admin' as const },
    editor: { email: 'editor@example.com', password: testPassword, role: 'editor' as const },
  }
  for (const account of Object.values(accounts)) await createTestAccount(db, account)
  await record(db.withTables<ReviewTableMap>(), many(200, 200, { score: 60 }))
  await db.destroy()
  dashboard = await startDashboard({
    port: 0,
    mode: 'production',
    distDir: dist.dir,
    dashboardDb,
    sandbox: { port: 0, db: ':memory:', seedVideos: 80, dataDir, timeScale: 100 },
    index: {},
    // No video drawn for the blind audit; the watch runs often.
    review: { autoAccept: { draw: () => 0.5, everyMs: 100 } },
    log: () => {},
  })
  sessions = {
    admin: await signIn(dashboard.url, accounts.admin),
    editor: await signIn(dashboard.url, accounts.editor),
  }
}, 60_000)

afterAll(async () => {
  await dashboard?.close()
  await dist?.remove()
  await rm(dataDir, { recursive: true, force: true })
})

const videoTags = async (id: string) =>
  ((await call('editor', 'GET', `/api/v1/videos/${id}?fields=product_ids`)).json() as Video)
    .product_ids

it('settles a finished job keeping the tags, and the video page can undo it', async () => {
  const on = { enabled: true, target: 0.95, threshold: 30, floor: 30 }
  const turnedOn = await call('admin', 'PUT', '/api/dashboard/review/settings', on)
  expect(turnedOn.status, turnedOn.text).toBe(200)

  // A seeded video waiting for review: its job, run again, suggests the same products.
  const channelId = (await call('editor', 'GET', '/api/v1/channels')).json().channels[0].id
  const listed = (
    await call(
      'editor',
      'GET',
      `/api/v1/videos?channel_id=${channelId}&page_size=100&fields=caption`,
    )
  ).json() as { videos: Video[] }
  let videoId = ''
  let before: ProductMatchList | null = null
  for (const { id } of listed.videos) {
    const list = (await call('editor', 'GET', `/api/v1/videos/${id}/product_matches`)).json()
    if (list.matches.some((m: { status: string }) => m.status === 'pending')) {
      videoId = id
      before = list
      break
    }
  }
  expect(before).not.toBeNull()
  const suggested = new Set(before?.matches.map((match) => match.product.id))
  const store = before?.matches[0]?.product.business_store_id ?? ''
  // The video is tagged with a product the matcher does not suggest, and with one it does.
  const catalog = (
    await call('editor', 'GET', `/api/v1/products?business_store_id=${store}&page_size=100`)
  ).json() as ProductList
  const earlier = catalog.products.find((product) => !suggested.has(product.id))?.id ?? ''
  const taggedAndSuggested = [...suggested][0] ?? ''
  const tagged = await call('editor', 'PATCH', `/api/v1/videos/${videoId}`, {
    business_store_id: store,
    product_ids: [earlier, taggedAndSuggested],
  })
  expect(tagged.status, tagged.text).toBe(200)

  expect((await call('editor', 'POST', `/api/v1/videos/${videoId}/product_matches`)).status).toBe(
    202,
  )
  const ledger = async () =>
    videoLedgerSchema.parse(
      (await call('editor', 'GET', `/api/dashboard/review/videos/${videoId}/ledger`)).json(),
    ).decisions
  await waitUntil(
    async () => (await ledger()).some((row) => row.source === 'auto'),
    'the finished job settled',
    { timeoutMs: 20_000, intervalMs: 100 },
  )
  const automatic = (await ledger()).filter((row) => row.source === 'auto')
  expect(new Set(automatic.map((row) => row.product_id))).toEqual(suggested)
  expect(automatic.every((row) => row.decision === 'accepted' && row.undone_at === null)).toBe(true)
  expect(new Set(await videoTags(videoId))).toEqual(new Set([earlier, ...suggested]))
  const after = (
    await call('editor', 'GET', `/api/v1/videos/${videoId}/product_matches`)
  ).json() as ProductMatchList
  expect(after.matches.every((match) => match.status === 'accepted')).toBe(true)
  const audit = await call('admin', 'GET', '/auth/audit?operation=review.autoAccept')
  expect(audit.json().entries).toMatchObject([
    {
      account_email: 'auto-accept',
      path: `/api/v1/videos/${videoId}/product_matches/accept`,
    },
  ])

  const batch = automatic[0]?.batch_id ?? ''
  const undone = await call('editor', 'POST', `/api/dashboard/review/batches/${batch}/undo`)
  expect(undone.status, undone.text).toBe(200)
  // What the video was tagged with before auto-accept stays: undo takes off only what it added.
  expect(await videoTags(videoId)).toEqual([earlier, taggedAndSuggested])
  const rows = (await ledger()).filter((row) => row.source === 'auto')
  expect(rows).toHaveLength(automatic.length)
  expect(rows.every((row) => row.undone_at !== null)).toBe(true)
}, 60_000)
