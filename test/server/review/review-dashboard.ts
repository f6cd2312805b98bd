import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import type { LedgerEntry } from '@/api/review.ts'
import type { Role } from '@/api/roles.ts'
import { areaMigrations } from '../../../server/dashboard/areas.ts'
import { openDashboardDb } from '../../../server/dashboard/db/database.ts'
import type { ReviewTableMap } from '../../../server/dashboard/review/review-context.ts'
import { startDashboard } from '../../../server/dashboard/start.ts'
import type { ProductMatchList, Video } from '../../../src/api/generated/types.gen.ts'
import { checkWithoutHashing } from '../auth/sign-in-dashboard.ts'
import { type RawResponse, send } from '../dashboard/http-client.ts'
import { createTempDist } from '../dashboard/temp-dist.ts'
import { createTestAccount, signIn, testPassword } from '../support/accounts.ts'
import type { bothDatabases, DatabaseLocation } from '../support/both-databases.ts'
import { waitUntil } from '../wait-until.ts'

/** Two editors, an admin and a viewer. */
export const people = { ana: 'editor', bo: 'editor', admin: 'admin', vic: 'viewer' } as const
export type Person = keyof typeof people

/**
 * A production dashboard over its embedded sandbox (demo seed: videos whose matching jobs suggest
 * products with informative scores) whose videos each had a matching job, the index on, the
 * people above signed in, and the double-review sample's draws given in order (0.5, never
 * sampled, once they run out).
 */
export async function startReviewDashboard(location: DatabaseLocation) {
  // The test's own view of the dashboard's tables (what auto-accept writes, say).
  const db = await openDashboardDb({ ...location, areas: areaMigrations })
  for (const [name, role] of Object.entries(people))
    await createTestAccount(db, { email: `${name}@example.com`, role: role as Role })
  const tables = db.withTables<ReviewTableMap>()
  const dist = await createTempDist()
  const dataDir = await mkdtemp(join(tmpdir(), 'review-'))
  const draws: number[] = []
  const start = () =>
    startDashboard({
      port: 0,
      mode: 'production',
      distDir: dist.dir,
      dashboardDb: location.sqlitePath,
      ...(location.databaseUrl ? { databaseUrl: location.databaseUrl } : {}),
      sandbox: {
        port: 0,
        db: join(dataDir, 'sandbox.db'),
        seedVideos: 24,
        dataDir,
        timeScale: 100,
      },
      index: {},
      signInThrottle: { verifyPassword: checkWithoutHashing },
      review: { random: () => draws.shift() ?? 0.5 },
      log: () => {},
    })
  let dashboard = await start()
  const sessions = {} as Record<Person, Record<string, string>>
  const signInAll = async () => {
    for (const [name, role] of Object.entries(people))
      sessions[name as Person] = await signIn(dashboard.url, {
        email: `${name}@example.com`,
        password: testPassword,
        role,
      })
  }
  await signInAll()
  const as = (who: Person, method: string, path: string, body?: unknown): Promise<RawResponse> =>
    send(dashboard.url, path, {
      method,
      headers: { ...sessions[who], 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  const ok = async <T>(who: Person, method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await as(who, method, path, body)
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`)
    return answer.json() as T
  }
  const channelId: string = (
    await ok<{ channels: { id: string }[] }>('admin', 'GET', '/api/v1/channels')
  ).channels[0]?.id as string
  await waitUntil(
    async () => (await as('admin', 'GET', '/api/dashboard/index/status')).json().state === 'ready',
    'the index to be filled',
    { timeoutMs: 20_000, intervalMs: 100 },
  )
  /** The video's match list at the service, as anyone reads it. */
  const matches = (videoId: string) =>
    ok<ProductMatchList>('admin', 'GET', `/api/v1/videos/${videoId}/product_matches`)
  const all = (
    await ok<{ videos: { id: string }[] }>(
      'admin',
      'GET',
      `/api/v1/videos?channel_id=${channelId}&page_size=100&fields=caption`,
    )
  ).videos.map((video) => video.id)
  // Every video gets a matching job; those it suggests three products or more for are the tests'.
  for (const id of all) await ok('admin', 'POST', `/api/v1/videos/${id}/product_matches`, {})
  const videoIds: string[] = []
  for (const id of all) {
    await waitUntil(
      async () => ['completed', 'failed'].includes((await matches(id)).status),
      'the matching job to end',
      { timeoutMs: 10_000, intervalMs: 50 },
    )
    const list = await matches(id)
    if (list.matches.length >= 3 && list.matches.every((m) => m.status === 'pending'))
      videoIds.push(id)
  }
  // Auto-accept reads each finished job after the service does (a job it saw running, up to two
  // seconds later), and writes the video's review row then: a test that writes that row itself
  // must come after, or its row is overwritten (it was, once, on a busy machine).
  for (const id of videoIds)
    await waitUntil(
      async () => {
        const watch = await tables
          .selectFrom('review_watch')
          .select('status')
          .where('video_id', '=', id)
          .executeTakeFirst()
        return watch !== undefined && watch.status !== 'in_progress'
      },
      'auto-accept to read the finished job',
      { timeoutMs: 20_000, intervalMs: 50 },
    )

  return {
    as,
    ok,
    draws,
    channelId,
    videoIds,
    matches,
    /** One video's decisions as `who` submits them. */
    decide: (who: Person, videoId: string, decisions: unknown[]) =>
      as(who, 'POST', `/api/dashboard/review/videos/${videoId}/decisions`, { decisions }),
    /** Every decision on a video, newest first, as a viewer reads it. */
    ledger: async (videoId: string) =>
      (
        await ok<{ decisions: LedgerEntry[] }>(
          'vic',
          'GET',
          `/api/dashboard/review/videos/${videoId}/ledger`,
        )
      ).decisions,
    /** The suggestions of one of `videoIds`, each pending when the dashboard started. */
    matched: (videoId: string) => matches(videoId),
    /** The video's product tags at the service. */
    tags: async (videoId: string) =>
      (await ok<Video>('admin', 'GET', `/api/v1/videos/${videoId}`)).product_ids,
    /** A new dashboard on the same database (and the same sandbox data). */
    async restart() {
      await dashboard.close()
      dashboard = await start()
      await signInAll()
    },
    tables,
    async close() {
      await dashboard.close()
      await tables.destroy()
      await dist.remove()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

export type ReviewDashboard = Awaited<ReturnType<typeof startReviewDashboard>>

/** For a `describe` block: a review dashboard on the database `start` gives. */
export function reviewDashboardOn(start: (typeof bothDatabases)[number]['start']) {
  let database: Awaited<ReturnType<typeof start>> | undefined
  let dashboard: ReviewDashboard | undefined
  beforeAll(async () => {
    database = await start()
    dashboard = await startReviewDashboard(database.location)
  }, 60_000)
  afterAll(async () => {
    await dashboard?.close()
    await database?.stop()
  })
  return () => {
    if (!dashboard) throw new Error('the review dashboard is not up')
    return dashboard
  }
}
