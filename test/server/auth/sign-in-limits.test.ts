import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testPassword } from '../support/accounts.ts'
import {
  attempt,
  type SignInDashboard,
  startSignInDashboard,
  statuses,
} from './sign-in-dashboard.ts'

// Each test uses accounts and client addresses of its own, so one dashboard serves them all.
const accounts = {
  burst: 'burst@example.com',
  owner: 'owner@example.com',
  pair: 'pair@example.com',
  cleared: 'cleared@example.com',
  known: 'known@example.com',
  delayed: 'delayed@example.com',
}
let dashboard: SignInDashboard
beforeAll(async () => {
  dashboard = await startSignInDashboard(Object.values(accounts))
})
afterAll(() => dashboard?.close())

const tryAs = (email: string, password: string, from: string) =>
  attempt(dashboard.url, email, password, { from })
const hashesFor = (email: string) => dashboard.hashed.filter((each) => each === email).length

describe('failed sign-ins', () => {
  it('are counted before the password is hashed: 60 at once for one account hash 5, the rest are held back', async () => {
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        tryAs(accounts.burst, `guess ${index}`, '127.0.0.2'),
      ),
    )
    const answered = statuses(burst)
    expect(answered.filter((status) => status === 401)).toHaveLength(5)
    expect(answered.filter((status) => status === 429)).toHaveLength(55)
    expect(hashesFor(accounts.burst)).toBe(5)
  })

  it('never keep the owner out: after an attacker fails 6 times, the owner signs in from another address', async () => {
    const attacker = []
    for (let index = 0; index < 6; index++)
      attacker.push((await tryAs(accounts.owner, `guess ${index}`, '127.0.0.3')).status)
    expect(attacker).toEqual([401, 401, 401, 401, 401, 429])
    expect((await tryAs(accounts.owner, testPassword, '127.0.0.4')).status).toBe(204)
  })

  it('hold one address back on one account after 5, even with the right password, saying for how long', async () => {
    for (let index = 0; index < 5; index++)
      expect((await tryAs(accounts.pair, `guess ${index}`, '127.0.0.5')).status).toBe(401)
    const held = await tryAs(accounts.pair, testPassword, '127.0.0.5')
    expect(held.status).toBe(429)
    expect(held.json().error).toBe('Too many failed sign-ins. Try again in 15 minutes.')
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(890)
    expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(900)
  })

  it('start afresh for an address once it signs in', async () => {
    for (let index = 0; index < 4; index++)
      expect((await tryAs(accounts.cleared, `guess ${index}`, '127.0.0.6')).status).toBe(401)
    expect((await tryAs(accounts.cleared, testPassword, '127.0.0.6')).status).toBe(204)
    const again = []
    for (let index = 0; index < 6; index++)
      again.push((await tryAs(accounts.cleared, `again ${index}`, '127.0.0.6')).status)
    expect(again).toEqual([401, 401, 401, 401, 401, 429])
  })

  it('answer an unknown email exactly as a known one, limits and delays included', async () => {
    const answers = async (email: string, from: string) => {
      const before = dashboard.waits.length
      const seen: Array<{ status: number; body: string; retryAfter: unknown }> = []
      // Five from elsewhere first, so the account's progressive delay is reached too.
      for (let index = 0; index < 5; index++)
        await tryAs(email, `elsewhere ${index}`, `127.0.1.${index + 1}`)
      for (let index = 0; index < 6; index++) {
        const response = await tryAs(email, `guess ${index}`, from)
        seen.push({
          status: response.status,
          body: response.text,
          retryAfter: response.headers['retry-after'] === undefined ? undefined : 'set',
        })
      }
      return { seen, waits: dashboard.waits.slice(before) }
    }
    const known = await answers(accounts.known, '127.0.0.7')
    const unknown = await answers('nobody@example.com', '127.0.0.8')
    expect(unknown).toEqual(known)
    expect(known.seen.map((each) => each.status)).toEqual([401, 401, 401, 401, 401, 429])
    expect(hashesFor('nobody@example.com')).toBe(hashesFor(accounts.known))
  })

  it('make each further attempt on an account wait longer, from anywhere, capped at seconds', async () => {
    const before = dashboard.waits.length
    for (let index = 0; index < 10; index++)
      expect((await tryAs(accounts.delayed, `guess ${index}`, `127.0.2.${index + 1}`)).status).toBe(
        401,
      )
    expect((await tryAs(accounts.delayed, testPassword, '127.0.2.100')).status).toBe(204)
    // Five free, then 1 s doubling to at most 8 s; the owner's own attempt waits the cap too.
    expect(dashboard.waits.slice(before)).toEqual([1000, 2000, 4000, 8000, 8000, 8000])
  })

  it('hold one address back after 30 failures across accounts (password spraying)', async () => {
    for (let index = 0; index < 30; index++)
      expect((await tryAs(`person${index}@example.com`, 'Summer2026!', '127.0.0.9')).status).toBe(
        401,
      )
    expect((await tryAs(accounts.owner, testPassword, '127.0.0.9')).status).toBe(429)
    expect((await tryAs(accounts.owner, testPassword, '127.0.0.10')).status).toBe(204)
  })

  it('key on the connection, not on X-Forwarded-For, without TRUST_PROXY', async () => {
    const spoofed = []
    for (let index = 0; index < 6; index++) {
      const response = await attempt(dashboard.url, accounts.pair, `spoof ${index}`, {
        from: '127.0.0.11',
        forwardedFor: `198.51.100.${index}`,
      })
      spoofed.push(response.status)
    }
    expect(spoofed).toEqual([401, 401, 401, 401, 401, 429])
  })
})

describe('failed sign-ins behind a proxy (TRUST_PROXY)', () => {
  let proxied: SignInDashboard
  beforeAll(async () => {
    proxied = await startSignInDashboard([], {}, { trustProxy: true })
  })
  afterAll(() => proxied?.close())
  const spray = (forwardedFor: string, index: number) =>
    attempt(proxied.url, `sprayed${index}@example.com`, 'Summer2026!', { forwardedFor })

  it('count an IPv6 /64 as one address', async () => {
    for (let index = 0; index < 30; index++)
      expect((await spray(`2001:db8:1:2::${(index + 1).toString(16)}`, index)).status).toBe(401)
    expect((await spray('2001:db8:1:2:ffff:ffff:ffff:fffe', 30)).status).toBe(429)
    expect((await spray('2001:0db8:0001:0002::9', 31)).status).toBe(429)
    expect((await spray('2001:db8:1:3::1', 32)).status).toBe(401)
  })

  it('count an IPv4-mapped IPv6 address as the IPv4 address', async () => {
    for (let index = 0; index < 30; index++)
      expect((await spray('203.0.113.9', 100 + index)).status).toBe(401)
    expect((await spray('::ffff:203.0.113.9', 130)).status).toBe(429)
    expect((await spray('::ffff:203.0.113.10', 131)).status).toBe(401)
  })
})
