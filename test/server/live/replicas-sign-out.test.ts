import { afterAll, beforeAll, expect, it } from 'vitest'
import { send } from '../dashboard/http-client.ts'
import { startRedisServer } from '../support/redis-server.ts'
import { waitUntil } from '../wait-until.ts'
import { openEvents } from '../webhooks/support.ts'
import { type LiveDashboard, startLiveDashboards } from './live-dashboards.ts'

let redis: Awaited<ReturnType<typeof startRedisServer>>
let live: Awaited<ReturnType<typeof startLiveDashboards>>
beforeAll(async () => {
  redis = await startRedisServer()
  live = await startLiveDashboards(2, { redisUrl: redis.url })
})
afterAll(async () => {
  await live?.close()
  await redis?.stop()
})

it('ends a stream on one replica when its session signs out on another', async () => {
  const [a, b] = live.dashboards as [LiveDashboard, LiveDashboard]
  const session = await live.signIn('editor', a)
  const other = await live.signIn('admin', a)
  // The load balancer sent the browser's stream to replica B.
  const onB = await openEvents({ url: b.url, session })
  const otherOnB = await openEvents({ url: b.url, session: other })
  expect(onB.response.status).toBe(200)
  const signOut = await send(a.url, '/auth/sign-out', {
    method: 'POST',
    headers: { ...session, origin: a.url },
  })
  expect(signOut.status).toBe(204)
  await waitUntil(() => onB.ended, 'the stream on replica B to end')
  expect(otherOnB.ended).toBe(false)

  // Signing out everywhere on B ends the account's stream on A as well.
  const again = await live.signIn('editor', b)
  const onA = await openEvents({ url: a.url, session: again })
  const everywhere = await send(b.url, '/auth/sign-out-everywhere', {
    method: 'POST',
    headers: { ...again, origin: b.url },
  })
  expect(everywhere.status).toBe(204)
  await waitUntil(() => onA.ended, 'the stream on replica A to end')
  expect(otherOnB.ended).toBe(false)
  await otherOnB.close()
})
