import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createServiceTokens } from '../../../server/dashboard/forwarding/service-tokens.ts'
import { type FakeService, fakeClient, startFakeService } from './fake-service.ts'

let service: FakeService
beforeAll(async () => {
  service = await startFakeService()
})
afterAll(async () => {
  await service?.close()
})
beforeEach(() => {
  service.tokenRequests = 0
  service.tokenLifetimeSeconds = 3600
  service.tokenDelayMs = 0
  service.tokenOutage = null
})

function tokensWithClock() {
  const clock = { now: 1_000_000 }
  const tokens = createServiceTokens(
    { baseUrl: `${service.url}/`, ...fakeClient },
    { timeoutMs: 2_000, now: () => clock.now },
  )
  return { tokens, clock }
}

describe('service tokens', () => {
  it('asks once and reuses the token', async () => {
    const { tokens } = tokensWithClock()
    const first = await tokens.current()
    for (let i = 0; i < 5; i++) expect(await tokens.current()).toBe(first)
    expect(service.tokenRequests).toBe(1)
  })

  it('shares one token request between concurrent callers', async () => {
    service.tokenDelayMs = 50
    const { tokens } = tokensWithClock()
    const all = await Promise.all(Array.from({ length: 10 }, () => tokens.current()))
    expect(new Set(all).size).toBe(1)
    expect(service.tokenRequests).toBe(1)
  })

  it('renews a minute before a one-hour token expires', async () => {
    const { tokens, clock } = tokensWithClock()
    const first = await tokens.current()
    clock.now += 3539_000
    expect(await tokens.current()).toBe(first)
    clock.now += 2_000
    expect(await tokens.current()).not.toBe(first)
    expect(service.tokenRequests).toBe(2)
  })

  it('renews a short-lived token when 10% of its life is left', async () => {
    service.tokenLifetimeSeconds = 100
    const { tokens, clock } = tokensWithClock()
    const first = await tokens.current()
    clock.now += 89_000
    expect(await tokens.current()).toBe(first)
    clock.now += 2_000
    expect(await tokens.current()).not.toBe(first)
  })

  it('keeps a token without expires_in until the service refuses it', async () => {
    service.tokenLifetimeSeconds = undefined
    const { tokens, clock } = tokensWithClock()
    const first = await tokens.current()
    clock.now += 365 * 24 * 3600_000
    expect(await tokens.current()).toBe(first)
    tokens.discard(first)
    const second = await tokens.current()
    expect(second).not.toBe(first)
    tokens.discard(first)
    expect(await tokens.current()).toBe(second)
    expect(service.tokenRequests).toBe(2)
  })
})

describe('service tokens during an outage of the token endpoint', () => {
  /** The failure `current()` gives, with when the endpoint will be asked again. */
  const failure = (tokens: ReturnType<typeof tokensWithClock>['tokens']) =>
    tokens.current().then(
      () => expect.unreachable('a token came during the outage'),
      (error: { retryAt?: number }) => error,
    )

  it('asks again after 1 s, doubling to 30 s, and not at all in between', async () => {
    service.tokenOutage = { status: 503 }
    const { tokens, clock } = tokensWithClock()
    const waits: number[] = []
    for (let attempt = 1; attempt <= 8; attempt++) {
      const { retryAt = 0 } = await failure(tokens)
      expect(service.tokenRequests).toBe(attempt)
      waits.push(retryAt - clock.now)
      clock.now = retryAt - 1
      expect((await failure(tokens)).retryAt).toBe(retryAt)
      expect(service.tokenRequests).toBe(attempt)
      clock.now = retryAt
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000])

    service.tokenOutage = null
    expect(await tokens.current()).toMatch(/^fake-token-/)
    tokens.discard(await tokens.current())
    service.tokenOutage = { status: 500 }
    expect(((await failure(tokens)).retryAt ?? 0) - clock.now).toBe(1_000)
  })

  it("waits as long as the endpoint's Retry-After asks, in seconds or as a date", async () => {
    const { tokens, clock } = tokensWithClock()
    service.tokenOutage = { status: 503, retryAfter: '7' }
    expect(((await failure(tokens)).retryAt ?? 0) - clock.now).toBe(7_000)
    clock.now += 7_000
    service.tokenOutage = {
      status: 429,
      retryAfter: new Date(clock.now + 9_000).toUTCString(),
    }
    expect(((await failure(tokens)).retryAt ?? 0) - clock.now).toBe(9_000)
    expect(service.tokenRequests).toBe(2)
  })
})
