/**
 * The review in front of a service that refuses or fails: its words are passed on and nothing is
 * recorded; and before the service is known, the review's routes that need it answer 503.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getRequestListener } from '@hono/node-server'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { composeDashboard } from '../../../server/dashboard/compose.ts'
import { startDashboard } from '../../../server/dashboard/start.ts'
import type { ProductMatchList } from '../../../src/api/generated/types.gen.ts'
import { checkWithoutHashing } from '../auth/sign-in-dashboard.ts'
import { type FakeService, fakeClient, json, startFakeService } from '../dashboard/fake-service.ts'
import { send } from '../dashboard/http-client.ts'
import { createTempDist } from '../dashboard/temp-dist.ts'
import { addAccounts, signIn } from '../support/accounts.ts'

const list: ProductMatchList = {
  status: 'completed',
  matches: ['a', 'b'].map((id, index) => ({
    id: `match-${id}`,
    status: 'pending',
    matching_score: 90 - index * 30,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    product: {
      id: `product-${id}`,
      name: id,
      handle: null,
      description: null,
      category: 'Shoes',
      currency: 'EUR',
      brand: null,
      subtitle: null,
      business_store_id: 'store-1',
      external_id: null,
      options: [],
      units: [],
      images: [],
      shipping: null,
      hide_price: false,
      custom_cta: null,
    },
  })),
}

let dir: string
let service: FakeService
let dashboard: Awaited<ReturnType<typeof startDashboard>>
let dist: Awaited<ReturnType<typeof createTempDist>>
let accounts: Awaited<ReturnType<typeof addAccounts>>
let editor: Record<string, string>

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'review-refusal-'))
  accounts = await addAccounts({ sqlitePath: join(dir, 'dashboard.db') }, ['editor'])
  ;[service, dist] = await Promise.all([startFakeService(), createTempDist()])
  dashboard = await startDashboard({
    port: 0,
    mode: 'production',
    distDir: dist.dir,
    dashboardDb: join(dir, 'dashboard.db'),
    service: { baseUrl: service.url, ...fakeClient },
    signInThrottle: { verifyPassword: checkWithoutHashing },
    log: () => {},
  })
  editor = await signIn(dashboard.url, accounts.editor)
})

afterAll(async () => {
  await dashboard?.close()
  await service?.close()
  await dist?.remove()
  await rm(dir, { recursive: true, force: true })
})

const decide = () =>
  send(dashboard.url, '/api/dashboard/review/videos/v1/decisions', {
    method: 'POST',
    headers: { ...editor, 'content-type': 'application/json' },
    body: JSON.stringify({
      decisions: [{ match_id: 'match-a', decision: 'accepted', ms_taken: 100, seen: true }],
    }),
  })
const ledger = async () =>
  (await send(dashboard.url, '/api/dashboard/review/videos/v1/ledger', { headers: editor })).json()
    .decisions

it("passes the service's refusal on in its words and records nothing", async () => {
  service.api = (request, res) => {
    if (request.method === 'GET') return json(res, 200, list)
    json(res, 422, { error: "Product product-a is not among this video's matches" })
  }
  const answer = await decide()
  expect(answer.status).toBe(422)
  expect(answer.json().error).toMatch(
    /refused the decisions, so none was recorded: Product product-a is not among/,
  )
  expect(await ledger()).toEqual([])
})

it('sends a write once: a failing service is not asked again, and nothing is recorded', async () => {
  let accepts = 0
  service.api = (request, res) => {
    if (request.method === 'GET') return json(res, 200, list)
    accepts++
    json(res, 503, { error: 'Try again later' })
  }
  const answer = await decide()
  expect(answer.status).toBe(502)
  expect(answer.json().error).toMatch(/Try again later/)
  expect(accepts).toBe(1)
  expect(await ledger()).toEqual([])
})

it('answers 503 before the service is known, for the routes that need it', async () => {
  const server = createServer()
  const composed = await composeDashboard(
    {
      mode: 'production',
      distDir: dist.dir,
      dashboardDb: join(dir, 'dashboard.db'),
      service: { baseUrl: service.url, ...fakeClient },
      signInThrottle: { verifyPassword: checkWithoutHashing },
      log: () => {},
    },
    server,
  )
  server.on('request', getRequestListener(composed.routes.fetch))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  try {
    const session = await signIn(url, accounts.editor)
    const early = await send(url, '/api/dashboard/review/queue?channel_id=c1', { headers: session })
    expect(early.status).toBe(503)
    expect(early.headers['retry-after']).toBe('1')
    const keys = await send(url, '/api/dashboard/review/keys', { headers: session })
    expect(keys.status).toBe(200)
  } finally {
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await composed.close()
  }
})
