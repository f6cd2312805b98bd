import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redirectCorpus } from '../../support/redirect-corpus.ts'
import { startDashboardFor, type TestDashboard } from '../dashboard/dashboard-for.ts'
import { type FakeService, startFakeService } from '../dashboard/fake-service.ts'
import { send } from '../dashboard/http-client.ts'
import { testPassword } from '../support/accounts.ts'
import { createBrowser, signInThroughProvider } from '../support/oidc-browser.ts'
import { startOidcProvider, type TestOidcProvider } from '../support/oidc-provider.ts'

let provider: TestOidcProvider
let service: FakeService
let dashboard: TestDashboard

beforeAll(async () => {
  provider = await startOidcProvider([
    { sub: 'edda-1', email: 'edda@corp.example', groups: ['marketing'] },
  ])
  service = await startFakeService()
  dashboard = await startDashboardFor(service, {
    oidc: provider.options({ marketing: 'editor' }),
  })
  provider.register(`${dashboard.url}/auth/oidc/callback`)
})

afterAll(async () => {
  await dashboard?.close()
  await service?.close()
  await provider?.close()
})

const expectedLocation = (expected: string) => (expected === 'fallback' ? '/' : expected)

describe('where a sign-in sends the browser: only a page of this site', () => {
  it.each(redirectCorpus)('a form sign-in with next=$target', async ({ target, expected }) => {
    const response = await send(dashboard.url, '/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        email: 'admin@example.com',
        password: testPassword,
        next: target,
      }).toString(),
    })
    expect(response.status).toBe(303)
    expect(response.headers.location).toBe(expectedLocation(expected))
  })

  it.each(redirectCorpus)(
    'a sign-in through the provider started with next=$target',
    async ({ target, expected }) => {
      const browser = createBrowser()
      const response = await signInThroughProvider(browser, dashboard.url, 'edda@corp.example', {
        next: target,
      })
      expect(response.status).toBe(303)
      expect(response.headers.get('location')).toBe(expectedLocation(expected))
    },
  )
})
