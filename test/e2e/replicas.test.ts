import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Video } from '@/api/generated/types.gen.ts'
import { type RunningDashboard, startDashboard } from '../../server/dashboard/start.ts'
import { startPostgresServer } from '../server/support/postgres-server.ts'
import { startRedisServer } from '../server/support/redis-server.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { firstChannelVideos, renameVideo } from './support/service-api.ts'
import { shown } from './support/ui.ts'

const webhookSecret = 'whsec_e2e_replicas'
let postgres: Awaited<ReturnType<typeof startPostgresServer>>
let redis: Awaited<ReturnType<typeof startRedisServer>>
let app: RunningApp
let second: RunningDashboard
let secondUrl: string

// Two replicas as behind a load balancer: the first with the embedded sandbox, whose webhooks
// come to it alone, the second in front of that same sandbox, sharing Redis and PostgreSQL.
beforeAll(async () => {
  ;[postgres, redis] = await Promise.all([startPostgresServer(), startRedisServer()])
  const shared = { databaseUrl: postgres.url, redisUrl: redis.url, webhookSecrets: [webhookSecret] }
  app = await startApp({ seedVideos: 30, ...shared })
  second = await startDashboard({
    port: 0,
    mode: 'production',
    dashboardDb: ':memory:',
    ...(process.env.E2E_DIST_DIR ? { distDir: process.env.E2E_DIST_DIR } : {}),
    service: { baseUrl: app.serviceUrl, clientId: 'demo', clientSecret: 'demo-secret' },
    log: () => {},
    ...shared,
  })
  // At localhost, so the browser keeps this replica's session cookie apart (cookies ignore ports).
  secondUrl = second.url.replace('127.0.0.1', 'localhost')
})
afterAll(async () => {
  await second?.close()
  await app?.close()
  await Promise.all([redis?.stop(), postgres?.stop()])
})

const liveIn = (page: RunningApp['page']) => page.getByRole('status').filter({ hasText: /^Live/ })

it('shows a change made through one replica in a browser signed in on the other, without a reload', async () => {
  const { page, context, account } = app
  // The account was made once, in the shared database, for the first replica.
  const signedIn = await context.request.post(`${secondUrl}/auth/sign-in`, {
    data: { email: account.email, password: account.password },
  })
  expect(signedIn.status()).toBe(204)
  await page.goto(`${secondUrl}/videos?status=approved`)
  await shown(liveIn(page))
  const video = (await firstChannelVideos(app, 'status=approved&page_size=1')).videos[0] as Video
  await shown(page.getByRole('link', { name: video.caption ?? '' }).first())

  // Gone if the page were loaded again.
  await page.evaluate(() => Object.assign(window, { loadedBeforeTheChange: true }))

  const caption = `Renamed on the first replica ${Date.now()}`
  await renameVideo(app, video.id, caption)
  // The sandbox tells the first replica; Redis carries it to the second, which tells the page.
  await shown(page.getByRole('link', { name: caption }).first())
  expect(await page.evaluate(() => 'loadedBeforeTheChange' in window)).toBe(true)
  expect(page.url()).toBe(`${secondUrl}/videos?status=approved`)
})
