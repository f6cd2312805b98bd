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
