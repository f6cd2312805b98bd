/**
 * The bound on requests in flight (the index's reads are behind it): one account over its share
 * is told 429, everyone over the total 503, both with Retry-After and the dashboard's `{error}`
 * body, and a slot is free again once its answer is sent, or its handler failed; and the bound
 * on requests a second, which refills with time.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { limitConcurrency } from '../../../server/dashboard/http/concurrency-limit.ts'
import { type DashboardEnv, raw } from '../../../server/dashboard/http/context.ts'
import { sendJson } from '../../../server/dashboard/http/json-response.ts'
import { limitRate } from '../../../server/dashboard/http/rate-limit.ts'
import { send } from '../dashboard/http-client.ts'
import { waitUntil } from '../wait-until.ts'

let server: Server
let clock = 0
let url: string
/** Requests the handler holds until the test lets them go, by account. */
const held: { account: string; release: () => void }[] = []

beforeAll(async () => {
  const app = new Hono<DashboardEnv>()
  // Stands in for the session: the account is the one the request names.
  app.use(async (c, next) => {
    const account = c.req.header('x-account')
    c.set('principal', async () =>
      account
        ? { id: account, email: `${account}@example.com`, role: 'viewer', sessionId: 's' }
        : null,
    )
    await next()
  })
  app.use(
    '/reads/*',
    limitConcurrency({
      perKey: 2,
      total: 3,
      retryAfterSeconds: 2,
      keyOf: async (c) => (await c.var.principal())?.id ?? null,
      perKeyMessage: 'Your reads are many at once',
      totalMessage: 'Everyone’s reads are many at once',
    }),
  )
  app.use(
    '/paced/*',
    limitRate({
      perSecond: 2,
      burst: 3,
      keyOf: async (c) => (await c.var.principal())?.id ?? null,
      message: 'Your reads are many a second',
      now: () => clock,
    }),
  )
  app.get(
    '/paced/read',
    raw((_req, res) => sendJson(res, 200, {})),
  )
  app.get(
    '/reads/slow',
    raw(async (req, res) => {
      const account = req.headers['x-account'] as string
      await new Promise<void>((release) => held.push({ account, release }))
      sendJson(res, 200, { account })
    }),
  )
  app.get(
    '/reads/failing',
    raw(() => {
      throw new Error('the read failed')
    }),
  )
  app.onError((_error, c) => c.json({ error: 'failed' }, 500))
  const listener = getRequestListener(app.fetch, { autoCleanupIncoming: false })
  server = createServer((req, res) => void listener(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  for (const each of held.splice(0)) each.release()
  await new Promise((resolve) => server.close(resolve))
})

const read = (account: string, path = '/reads/slow') =>
  send(url, path, { headers: { 'x-account': account } })
const heldCount = (account?: string) =>
  held.filter((each) => !account || each.account === account).length
const releaseAll = async () => {
  for (const each of held.splice(0)) each.release()
}

it("refuses an account's read beyond its share with 429, Retry-After and {error}; others still read", async () => {
  const first = [read('ana'), read('ana')]
  await waitUntil(() => heldCount('ana') === 2, "ana's two reads to be in flight")
  const third = await read('ana')
  expect(third.status).toBe(429)
  expect(third.headers['retry-after']).toBe('2')
  expect(third.json()).toEqual({ error: 'Your reads are many at once' })

  const other = read('ben')
  await waitUntil(() => heldCount('ben') === 1, "ben's read to be in flight")
  await releaseAll()
  expect((await Promise.all([...first, other])).map((response) => response.status)).toEqual([
    200, 200, 200,
  ])
})

it('refuses anyone beyond the total with 503, Retry-After and {error}', async () => {
  const first = [read('ana'), read('ana'), read('ben')]
  await waitUntil(() => heldCount() === 3, 'three reads in flight')
  const fourth = await read('cai')
  expect(fourth.status).toBe(503)
  expect(fourth.headers['retry-after']).toBe('2')
  expect(fourth.json()).toEqual({ error: 'Everyone’s reads are many at once' })
  await releaseAll()
  await Promise.all(first)
})

it('frees a slot once its answer is sent, and when its handler fails', async () => {
  for (let round = 0; round < 3; round++)
    expect((await read('ana', '/reads/failing')).status).toBe(500)
  const reads = [read('ana'), read('ana')]
  await waitUntil(() => heldCount('ana') === 2, "ana's two reads to be in flight")
  await releaseAll()
  expect((await Promise.all(reads)).map((response) => response.status)).toEqual([200, 200])
  const again = [read('ana'), read('ana')]
  await waitUntil(() => heldCount('ana') === 2, "ana's next two reads to be in flight")
  await releaseAll()
  expect((await Promise.all(again)).map((response) => response.status)).toEqual([200, 200])
})

it('refuses an account beyond its burst with 429 and the seconds until its next, and refills with time', async () => {
  const paced = async (account: string) =>
    (await send(url, '/paced/read', { headers: { 'x-account': account } })).status
  const statuses = []
  for (let n = 0; n < 4; n++) statuses.push(await paced('ana'))
  expect(statuses).toEqual([200, 200, 200, 429])
  const refused = await send(url, '/paced/read', { headers: { 'x-account': 'ana' } })
  expect(refused.headers['retry-after']).toBe('1')
  expect(refused.json()).toEqual({ error: 'Your reads are many a second' })
  expect(await paced('ben')).toBe(200)
  clock += 1_000
  expect([await paced('ana'), await paced('ana'), await paced('ana')]).toEqual([200, 200, 429])
})
