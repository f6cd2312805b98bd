import { describe, expect, it } from 'vitest'
import { dashboardWithFakeService } from '../dashboard/dashboard-for.ts'
import { send } from '../dashboard/http-client.ts'
import { testPassword } from '../support/accounts.ts'

const running = dashboardWithFakeService('test')
const attempt = (email: string, password: string, address = '') =>
  send(running.dashboard.url, '/auth/sign-in', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(address ? { 'x-forwarded-for': address } : {}),
    },
    body: JSON.stringify({ email, password }),
  })

describe('failed sign-ins', () => {
  it('hold an account back after 5, even with the right password, saying for how long', async () => {
    for (let i = 0; i < 5; i++)
      expect((await attempt('admin@example.com', `guess ${i}`)).status).toBe(401)
    const blocked = await attempt('admin@example.com', testPassword)
    expect(blocked.status).toBe(429)
    expect(blocked.json().error).toBe('Too many failed sign-ins. Try again in 15 minutes.')
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(890)
  })

  it('answer an unknown email exactly as a known one, limit included', async () => {
    const known: number[] = []
    const unknown: number[] = []
    for (let i = 0; i < 6; i++) {
      known.push((await attempt('admin@example.com', `guess ${i}`)).status)
      unknown.push((await attempt('nobody@example.com', `guess ${i}`)).status)
    }
    expect(unknown).toEqual(known)
    expect(known).toEqual([401, 401, 401, 401, 401, 429])
  })

  it('hold one address back after 30 across accounts (password spraying)', async () => {
    for (let i = 0; i < 30; i++) await attempt(`person${i}@example.com`, 'Summer2026!')
    const next = await attempt('admin@example.com', testPassword)
    expect(next.status).toBe(429)
  })
})
