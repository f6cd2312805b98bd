import { afterEach, expect, it, vi } from 'vitest'
import { ServiceError } from '@/api/client'
import { dashboardApi, meSchema } from '@/api/dashboard-api'
import { fakeApi, json } from '../support/fake-api'

afterEach(() => vi.unstubAllGlobals())

it('says which field of an answer it could not read, rather than failing with a dump', async () => {
  fakeApi({ 'GET /auth/me': () => json({ id: 'u1', email: 'sam@example.com', role: 'owner' }) })
  const failure = await dashboardApi('/auth/me', { schema: meSchema }).catch((error) => error)
  expect(failure).toBeInstanceOf(ServiceError)
  expect(failure.message).toMatch(/^The dashboard server's answer could not be read \(role: /)
  expect(failure.message).toContain('Reload the page')
})
