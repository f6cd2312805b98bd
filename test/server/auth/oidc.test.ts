import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAccounts } from '../../../server/dashboard/auth/accounts.ts'
import { openDashboardDb } from '../../../server/dashboard/db/database.ts'
import { startDashboardFor, type TestDashboard } from '../dashboard/dashboard-for.ts'
import { type FakeService, startFakeService } from '../dashboard/fake-service.ts'
import { addAccounts } from '../support/accounts.ts'
import {
  createBrowser,
  locationOf,
  signInThroughProvider,
  throughProvider,
} from '../support/oidc-browser.ts'
import {
  type OidcTestUser,
  startOidcProvider,
  type TestOidcProvider,
} from '../support/oidc-provider.ts'

const users: OidcTestUser[] = [
  { sub: 'edda-1', email: 'edda@corp.example', groups: ['staff', 'marketing'] },
  { sub: 'ada-1', email: 'ada@corp.example', groups: ['marketing', 'marketing-admins'] },
  { sub: 'otto-1', email: 'otto@corp.example', groups: ['sales'] },
  { sub: 'una-1', email: 'una@corp.example', groups: ['marketing'], emailVerified: false },
  // Has a password account already (made below), as a viewer.
  { sub: 'vera-1', email: 'Viewer@Example.com', groups: ['marketing'] },
]

let provider: TestOidcProvider
let service: FakeService
let dashboard: TestDashboard
let dataDir: string
let dashboardDb: string

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'oidc-'))
  dashboardDb = join(dataDir, 'dashboard.db')
  await addAccounts({ sqlitePath: dashboardDb }, ['admin', 'viewer'])
  provider = await startOidcProvider(users)
  service = await startFakeService()
  dashboard = await startDashboardFor(service, {
    dashboardDb,
    oidc: provider.options({ 'marketing-admins': 'admin', marketing: 'editor' }),
  })
  provider.register(`${dashboard.url}/auth/oidc/callback`)
})

afterAll(async () => {
  await dashboard?.close()
  await service?.close()
  await provider?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const me = async (browser: ReturnType<typeof createBrowser>) => {
  const response = await browser.request(`${dashboard.url}/auth/me`)
  return response.status === 200
    ? ((await response.json()) as { email: string; role: string })
    : null
}

async function withAccounts<T>(use: (accounts: ReturnType<typeof createAccounts>) => Promise<T>) {
  const db = await openDashboardDb({ sqlitePath: dashboardDb })
  try {
    return await use(createAccounts(db))
  } finally {
    await db.destroy()
  }
}

describe('sign-in through an OpenID provider', () => {
  it('names the provider for the sign-in page, and nothing secret', async () => {
    const response = await fetch(`${dashboard.url}/auth/providers`)
    expect(await response.json()).toEqual({ oidc: { name: 'Corp Login' } })
  })

  it('sends the browser to the provider with PKCE (S256), state and nonce, kept in a sealed cookie', async () => {
    const browser = createBrowser()
    const response = await browser.request(`${dashboard.url}/auth/oidc/start?next=/playlists`)
    expect(response.status).toBe(302)
    const authorization = locationOf(response)
    expect(`${authorization.origin}${authorization.pathname}`).toBe(`${provider.issuer}/auth`)
    const params = authorization.searchParams
    expect(params.get('response_type')).toBe('code')
    expect(params.get('client_id')).toBe(provider.clientId)
    expect(params.get('redirect_uri')).toBe(`${dashboard.url}/auth/oidc/callback`)
    expect(params.get('scope')?.split(' ')).toContain('openid')
    expect(params.get('code_challenge_method')).toBe('S256')
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(params.get('state')).toMatch(/^[\w-]{20,}$/)
    expect(params.get('nonce')).toMatch(/^[\w-]{20,}$/)
    expect(authorization.href).not.toContain(provider.clientSecret)

    const cookie = response.headers.getSetCookie()[0] ?? ''
    expect(cookie).toMatch(/^__Host-dashboard-oidc=[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Secure/)
    expect(cookie).toContain('Max-Age=600')
    const sealed = Buffer.from(browser.jar.get('__Host-dashboard-oidc') ?? '', 'base64url')
    expect(sealed.toString('latin1')).not.toContain(params.get('state'))
    expect(sealed.toString('latin1')).not.toContain('/playlists')
  })

  it('signs a new person in with the role their group maps to, on the page asked for', async () => {
    const browser = createBrowser()
    const response = await signInThroughProvider(browser, dashboard.url, 'edda@corp.example', {
      next: '/playlists?channel=main',
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/playlists?channel=main')
    expect(browser.jar.has('__Host-dashboard-session')).toBe(true)
    expect(browser.jar.has('__Host-dashboard-oidc')).toBe(false)
    expect(await me(browser)).toMatchObject({ email: 'edda@corp.example', role: 'editor' })
    // The session reaches the data like a password session.
    const api = await browser.request(`${dashboard.url}/api/v1/videos`)
    expect(api.status).not.toBe(401)

    // The next sign-in finds the account by the provider's subject.
    const again = createBrowser()
    await signInThroughProvider(again, dashboard.url, 'edda@corp.example')
    expect(await me(again)).toMatchObject({ email: 'edda@corp.example', role: 'editor' })
    expect(await withAccounts((accounts) => accounts.bySubject('edda-1'))).toMatchObject({
      email: 'edda@corp.example',
    })
  })

  it('gives the highest role among the groups matched', async () => {
    const browser = createBrowser()
    await signInThroughProvider(browser, dashboard.url, 'ada@corp.example')
    expect(await me(browser)).toMatchObject({ role: 'admin' })
  })

  it('links an existing account by email and sets its role from the provider at every sign-in', async () => {
    const browser = createBrowser()
    await signInThroughProvider(browser, dashboard.url, 'Viewer@Example.com')
    expect(await me(browser)).toMatchObject({ email: 'viewer@example.com', role: 'editor' })
    expect(await withAccounts((accounts) => accounts.bySubject('vera-1'))).toMatchObject({
      email: 'viewer@example.com',
    })

    const vera = users.find((user) => user.sub === 'vera-1')
    if (vera) vera.groups = ['marketing-admins']
    const later = createBrowser()
    await signInThroughProvider(later, dashboard.url, 'Viewer@Example.com')
    expect(await me(later)).toMatchObject({ email: 'viewer@example.com', role: 'admin' })
    const audit = await fetch(
      `${dashboard.url}/auth/audit?operation=dashboard.oidcUpdateRole&account=viewer@example.com`,
      { headers: dashboard.session },
    )
    expect((await audit.json()).entries).toHaveLength(2)
  })
})

describe('refusals, each back on the sign-in page with a code', () => {
  const refusalOf = (response: Response) => {
    const location = locationOf(response)
    expect(location.pathname).toBe('/sign-in')
    return Object.fromEntries(location.searchParams)
  }

  it('refuses an answer whose state is not the one this browser started', async () => {
    const browser = createBrowser()
    const { callback } = await throughProvider(browser, dashboard.url, 'edda@corp.example', {
      next: '/playlists',
    })
    callback.searchParams.set('state', 'a-state-from-someone-else')
    const response = await browser.request(callback)
    expect(refusalOf(response)).toEqual({ error: 'state', redirect: '/playlists' })
    expect(browser.jar.has('__Host-dashboard-session')).toBe(false)
  })

  it('refuses an answer opened in a browser that did not start the sign-in', async () => {
    const { callback } = await throughProvider(createBrowser(), dashboard.url, 'edda@corp.example')
    const elsewhere = createBrowser()
    expect(refusalOf(await elsewhere.request(callback))).toEqual({ error: 'expired' })
    expect(await me(elsewhere)).toBeNull()
  })

  it('refuses someone whose groups map to no role (no * entry), creating no account', async () => {
    const browser = createBrowser()
    const response = await signInThroughProvider(browser, dashboard.url, 'otto@corp.example')
    expect(refusalOf(response)).toEqual({ error: 'no-role' })
    expect(await me(browser)).toBeNull()
    expect(await withAccounts((accounts) => accounts.byEmailWithHash('otto@corp.example'))).toBe(
      undefined,
    )
  })

  it('refuses an unverified email, a cancelled sign-in and a deactivated account', async () => {
    const una = await signInThroughProvider(createBrowser(), dashboard.url, 'una@corp.example')
    expect(refusalOf(una)).toEqual({ error: 'email' })

    const browser = createBrowser()
    const { callback } = await throughProvider(browser, dashboard.url, 'ada@corp.example', {
      cancel: true,
    })
    expect(callback.searchParams.get('error')).toBe('access_denied')
    expect(refusalOf(await browser.request(callback))).toEqual({ error: 'denied' })

    await signInThroughProvider(createBrowser(), dashboard.url, 'ada@corp.example')
    await withAccounts(async (accounts) => {
      const ada = await accounts.bySubject('ada-1')
      if (ada) await accounts.changeAuthority(ada.id, { deactivated: true })
    })
    const deactivated = createBrowser()
    const response = await signInThroughProvider(deactivated, dashboard.url, 'ada@corp.example')
    expect(refusalOf(response)).toEqual({ error: 'deactivated' })
    expect(await me(deactivated)).toBeNull()
  })

  it('says so when the provider cannot be reached', async () => {
    const down = await startOidcProvider([])
    const issuer = down.issuer
    await down.close()
    const other = await startDashboardFor(service, {
      oidc: { ...provider.options({ '*': 'viewer' }), issuer },
    })
    try {
      const response = await fetch(`${other.url}/auth/oidc/start?next=/videos`, {
        redirect: 'manual',
      })
      expect(refusalOf(response)).toEqual({ error: 'unavailable', redirect: '/videos' })
      expect(other.logs.join('\n')).toMatch(/cannot be discovered/)
    } finally {
      await other.close()
    }
  })
})
