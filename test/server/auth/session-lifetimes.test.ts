import { describe, expect, it } from 'vitest'
import { dashboardWithFakeService } from '../dashboard/dashboard-for.ts'
import { send } from '../dashboard/http-client.ts'
import { testPassword } from '../support/accounts.ts'
import { waitUntil } from '../wait-until.ts'

const signIn = (url: string) =>
  send(url, '/auth/sign-in', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: testPassword }),
  })
const setCookie = (response: { headers: { 'set-cookie'?: string[] } }) =>
  response.headers['set-cookie']?.[0] ?? ''

describe('session lifetimes', () => {
  const byDefault = dashboardWithFakeService('file')
  it('keep the session cookie 12 hours by default', async () => {
    expect(setCookie(await signIn(byDefault.dashboard.url))).toMatch(/; Max-Age=43200(;|$)/)
  })

  const configured = dashboardWithFakeService('file', {
    sessionLifetimes: { idleMs: 60 * 60 * 1000, absoluteMs: 2 * 60 * 60 * 1000 },
  })
  it('keep the session cookie as long as the absolute lifetime configured', async () => {
    expect(setCookie(await signIn(configured.dashboard.url))).toMatch(/; Max-Age=7200(;|$)/)
  })

  const short = dashboardWithFakeService('file', {
    sessionLifetimes: { idleMs: 5000, absoluteMs: 5000 },
  })
  it('end a session in use once the absolute lifetime configured has passed', async () => {
    const cookie = setCookie(await signIn(short.dashboard.url)).split(';', 1)[0] ?? ''
    const me = () => send(short.dashboard.url, '/auth/me', { headers: { cookie } })
    expect((await me()).status).toBe(200)
    // Each request keeps the session in use; only the absolute lifetime can end it.
    await waitUntil(async () => (await me()).status === 401, 'the session to end', {
      timeoutMs: 15_000,
      intervalMs: 200,
    })
  })
})
