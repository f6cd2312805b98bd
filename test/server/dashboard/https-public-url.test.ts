import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { reachedOverHttps, secureCookies } from '../../../server/dashboard/auth/request-checks.ts'
import { dashboardWithFakeService } from './dashboard-for.ts'
import { send } from './http-client.ts'

// Behind a TLS proxy whose operator did not set TRUST_PROXY: the https public URL alone says how
// browsers reach the dashboard.
const running = dashboardWithFakeService('file', { publicUrl: 'https://videos.example.com' })
const plainRequest = { socket: {}, headers: {} } as IncomingMessage

describe('an https DASHBOARD_PUBLIC_URL without TRUST_PROXY', () => {
  it('sends HSTS', async () => {
    const response = await send(running.dashboard.url, '/', {
      headers: { host: 'videos.example.com' },
    })
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000')
  })

  it('warns at start that sign-in limits would count the proxy, not each browser', () => {
    expect(running.dashboard.logs.join('\n')).toContain(
      'DASHBOARD_PUBLIC_URL is https but TRUST_PROXY is unset',
    )
  })

  it('makes cookies Secure (and __Host-) even on a public, non-loopback listener', () => {
    const facts = { publicOrigin: 'https://videos.example.com', trustProxy: false, loopback: false }
    expect(secureCookies(facts)(plainRequest)).toBe(true)
    expect(reachedOverHttps(facts)(plainRequest)).toBe(true)
    const plainPublic = { ...facts, publicOrigin: 'http://videos.example.com' }
    expect(secureCookies(plainPublic)(plainRequest)).toBe(false)
  })
})
