import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '@/api/roles.ts'
import { type RunningDashboard, startDashboard } from '../../../server/dashboard/start.ts'
import { type FakeService, fakeClient, startFakeService } from '../dashboard/fake-service.ts'
import { send } from '../dashboard/http-client.ts'
import { addAccounts, signIn } from '../support/accounts.ts'

let service: FakeService
let dashboard: RunningDashboard
let dataDir: string
const sessions = {} as Record<Role, Record<string, string>>
beforeAll(async () => {
  service = await startFakeService()
  dataDir = mkdtempSync(join(tmpdir(), 'audit-refusals-'))
  const dashboardDb = join(dataDir, 'dashboard.db')
  writeFileSync(join(dataDir, 'index.html'), '<!doctype html><title>app</title>')
  const accounts = await addAccounts({ sqlitePath: dashboardDb }, ['admin', 'viewer'])
  dashboard = await startDashboard({
    port: 0,
    mode: 'production',
    distDir: dataDir,
    dashboardDb,
    service: { baseUrl: service.url, ...fakeClient },
    log: () => {},
  })
  for (const role of ['admin', 'viewer'] as const)
    sessions[role] = await signIn(dashboard.url, accounts[role])
})
afterAll(async () => {
  await dashboard?.close()
  await service?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const as = (role: Role, path: string, options: { method?: string; headers?: object } = {}) =>
  send(dashboard.url, path, {
    method: options.method ?? 'GET',
    headers: { ...sessions[role], 'content-type': 'application/json', ...options.headers },
    // Node's client sends a DELETE body unframed; the gate refuses before any body is read.
    body: options.method && !['GET', 'DELETE'].includes(options.method) ? '{}' : undefined,
  })

async function latestEntry(filter = '') {
  const page = await as('admin', `/auth/audit?limit=1${filter}`)
  return page.json().entries[0]
}

describe('the audit log records refusals of signed-in people', () => {
  it('an admin route refused to a viewer', async () => {
    expect((await as('viewer', '/auth/accounts')).status).toBe(403)
    expect(await latestEntry()).toMatchObject({
      account_email: 'viewer@example.com',
      operation: 'dashboard.listAccounts',
      method: 'GET',
      path: '/auth/accounts',
      status: 403,
    })
  })

  it('a state change from another site', async () => {
    const refused = await as('admin', '/api/v1/videos/v-1', {
      method: 'PATCH',
      headers: { origin: 'https://evil.example' },
    })
    expect(refused.status).toBe(403)
    expect(service.apiRequests).toEqual([])
    expect(await latestEntry()).toMatchObject({
      account_email: 'admin@example.com',
      operation: 'dashboard.crossSiteRefused',
      path: '/api/v1/videos/v-1',
      status: 403,
    })
  })

  it('a path or method the contract does not have', async () => {
    expect((await as('viewer', '/api/v1/no-such-thing')).status).toBe(404)
    expect(await latestEntry()).toMatchObject({
      account_email: 'viewer@example.com',
      operation: 'dashboard.unknownOperation',
      path: '/api/v1/no-such-thing',
      status: 404,
    })
    expect((await as('viewer', '/api/v1/channels', { method: 'DELETE' })).status).toBe(405)
    expect(await latestEntry()).toMatchObject({
      operation: 'dashboard.unknownOperation',
      method: 'DELETE',
      status: 405,
    })
  })

  it('an operation the role may not run', async () => {
    expect((await as('viewer', '/api/v1/playlists', { method: 'POST' })).status).toBe(403)
    expect(await latestEntry()).toMatchObject({
      account_email: 'viewer@example.com',
      operation: 'createPlaylist',
      status: 403,
    })
  })
})
