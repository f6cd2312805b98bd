import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAccounts } from '../../../server/dashboard/auth/accounts.ts'
import { openDashboardDb } from '../../../server/dashboard/db/database.ts'
import { startDashboardFor, type TestDashboard } from '../dashboard/dashboard-for.ts'
import { type FakeService, startFakeService } from '../dashboard/fake-service.ts'
import { addAccounts } from '../support/accounts.ts'
import { createBrowser, locationOf, signInThroughProvider } from '../support/oidc-browser.ts'
import {
  type OidcTestUser,
  startOidcProvider,
  type TestOidcProvider,
} from '../support/oidc-provider.ts'

// Each has a password account already (made below) under the same email, except nora.
const users: OidcTestUser[] = [
  { sub: 'ed-1', email: 'editor@example.com', groups: ['marketing'], emailVerified: 'omitted' },
  { sub: 'vi-1', email: 'viewer@example.com', groups: ['marketing'], emailVerified: 'true' },
  { sub: 'nora-1', email: 'nora@corp.example', groups: ['marketing'], emailVerified: 'omitted' },
  { sub: 'kim-1', email: 'kim@example.com', groups: ['marketing'] },
  // The dashboard's only admin, whose groups at the provider say editor.
  { sub: 'root-1', email: 'admin@example.com', groups: ['marketing'] },
]

let provider: TestOidcProvider
let service: FakeService
let dashboard: TestDashboard
let dataDir: string
let dashboardDb: string

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'oidc-linking-'))
  dashboardDb = join(dataDir, 'dashboard.db')
  await addAccounts({ sqlitePath: dashboardDb }, ['admin', 'editor', 'viewer'])
  await withAccounts((accounts) => accounts.create({ email: 'kim@example.com', role: 'viewer' }))
  provider = await startOidcProvider(users)
  service = await startFakeService()
  // startDashboardFor adds admin@example.com to its own database: this one already has it.
  dashboard = await startDashboardFor(service, {
    dashboardDb,
    oidc: provider.options({ marketing: 'editor' }),
  })
  provider.register(`${dashboard.url}/auth/oidc/callback`)
})

afterAll(async () => {
  await dashboard?.close()
  await service?.close()
  await provider?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

async function withAccounts<T>(use: (accounts: ReturnType<typeof createAccounts>) => Promise<T>) {
  const db = await openDashboardDb({ sqlitePath: dashboardDb })
  try {
    return await use(createAccounts(db))
  } finally {
    await db.destroy()
  }
}

const me = async (browser: ReturnType<typeof createBrowser>) => {
  const response = await browser.request(`${dashboard.url}/auth/me`)
  return response.status === 200 ? ((await response.json()) as { role: string }) : null
}

const auditOf = async (operation: string, account: string) => {
  const search = new URLSearchParams({ operation, account })
  const response = await fetch(`${dashboard.url}/auth/audit?${search}`, {
    headers: dashboard.session,
  })
  const { entries } = (await response.json()) as { entries: Array<{ status: number }> }
  return entries.map((entry) => entry.status)
}

describe('linking a provider sign-in to an existing account by email', () => {
  it.each([
    ['leaves out email_verified', 'editor@example.com'],
    ['says email_verified as the string "true"', 'viewer@example.com'],
  ])('refuses when the provider %s, and records the refusal', async (_, email) => {
    const browser = createBrowser()
    const response = await signInThroughProvider(browser, dashboard.url, email)
    const location = locationOf(response)
    expect(location.pathname).toBe('/sign-in')
    expect(Object.fromEntries(location.searchParams)).toEqual({ error: 'unverified' })
    expect(await me(browser)).toBeNull()
    expect((await withAccounts((accounts) => accounts.byEmailWithHash(email)))?.oidc_subject).toBe(
      null,
    )
    expect(await auditOf('dashboard.oidcLinkAccount', email)).toEqual([403])
  })

  it('still makes a new account when no account has that email', async () => {
    const browser = createBrowser()
    await signInThroughProvider(browser, dashboard.url, 'nora@corp.example')
    expect(await me(browser)).toMatchObject({ email: 'nora@corp.example', role: 'editor' })
    expect(await auditOf('dashboard.oidcCreateAccount', 'nora@corp.example')).toEqual([201])
  })

  it('links when the provider says email_verified: true, and records the link', async () => {
    const browser = createBrowser()
    await signInThroughProvider(browser, dashboard.url, 'kim@example.com')
    expect(await me(browser)).toMatchObject({ email: 'kim@example.com', role: 'editor' })
    expect(await withAccounts((accounts) => accounts.bySubject('kim-1'))).toMatchObject({
      email: 'kim@example.com',
    })
    expect(await auditOf('dashboard.oidcLinkAccount', 'kim@example.com')).toEqual([200])
    expect(await auditOf('dashboard.oidcUpdateRole', 'kim@example.com')).toEqual([200])
  })
})

describe('a role change from the provider’s groups', () => {
  it('never demotes the last admin: the admin signs in as an admin, and the refusal is recorded', async () => {
    const browser = createBrowser()
    const response = await signInThroughProvider(browser, dashboard.url, 'admin@example.com')
    expect(response.status).toBe(303)
    expect(await me(browser)).toMatchObject({ email: 'admin@example.com', role: 'admin' })
    expect(await auditOf('dashboard.oidcUpdateRole', 'admin@example.com')).toEqual([409])
    expect(dashboard.logs.join('\n')).toMatch(
      /"email":"admin@example\.com","providerRole":"editor","msg":"oidc: the last admin kept admin/,
    )
  })
})
