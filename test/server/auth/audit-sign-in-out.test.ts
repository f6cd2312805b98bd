import { describe, expect, it } from 'vitest'
import { dashboardWithFakeService } from '../dashboard/dashboard-for.ts'
import { send, sendSignedIn } from '../dashboard/http-client.ts'
import { signIn, testPassword } from '../support/accounts.ts'

const running = dashboardWithFakeService('test')
const admin = { email: 'admin@example.com', password: testPassword, role: 'admin' as const }

async function entries() {
  const page = await sendSignedIn(running.dashboard, '/auth/audit?limit=20')
  return page.json().entries as Array<Record<string, unknown>>
}

describe('the audit log records sign-ins and sign-outs', () => {
  it('a sign-out and a sign-out everywhere, with who did it', async () => {
    const other = await signIn(running.dashboard.url, admin)
    expect(
      (await send(running.dashboard.url, '/auth/sign-out', { method: 'POST', headers: other }))
        .status,
    ).toBe(204)
    const third = await signIn(running.dashboard.url, admin)
    const everywhere = await send(running.dashboard.url, '/auth/sign-out-everywhere', {
      method: 'POST',
      headers: third,
    })
    expect(everywhere.status).toBe(204)
    running.dashboard.session = await signIn(running.dashboard.url, admin)
    const recorded = (await entries()).map(({ operation, account_email, path, status }) => ({
      operation,
      account_email,
      path,
      status,
    }))
    expect(recorded).toEqual(
      expect.arrayContaining([
        {
          operation: 'dashboard.signOut',
          account_email: admin.email,
          path: '/auth/sign-out',
          status: 204,
        },
        {
          operation: 'dashboard.signOutEverywhere',
          account_email: admin.email,
          path: '/auth/sign-out-everywhere',
          status: 204,
        },
      ]),
    )
  })

  it('a sign-in, a failed one (for an account or not) and one held back by the limits', async () => {
    const attempt = (email: string, password: string) =>
      send(running.dashboard.url, '/auth/sign-in', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      })
    expect((await attempt('nobody@example.com', 'guess')).status).toBe(401)
    for (let i = 0; i < 5; i++) expect((await attempt(admin.email, `guess ${i}`)).status).toBe(401)
    expect((await attempt(admin.email, 'guess again')).status).toBe(429)
    const recorded = (await entries()).map(({ operation, account_email, status }) => ({
      operation,
      account_email,
      status,
    }))
    expect(recorded).toEqual(
      expect.arrayContaining([
        { operation: 'dashboard.signIn', account_email: admin.email, status: 204 },
        { operation: 'dashboard.signInFailed', account_email: 'nobody@example.com', status: 401 },
        { operation: 'dashboard.signInFailed', account_email: admin.email, status: 401 },
        { operation: 'dashboard.signInLimited', account_email: admin.email, status: 429 },
      ]),
    )
  })
})
