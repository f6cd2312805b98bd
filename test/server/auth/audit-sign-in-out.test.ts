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

describe('the audit log records sessions', () => {
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
})
