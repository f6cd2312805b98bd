import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { whoCan } from '@/api/operation-phrases.ts'
import { requiredRole } from '@/api/operation-roles.ts'
import { operations } from '@/api/operations.gen.ts'
import { type Role, roleAllows, roles } from '@/api/roles.ts'
import { type RunningDashboard, startDashboard } from '../../../server/dashboard/start.ts'
import { type FakeService, fakeClient, startFakeService } from '../dashboard/fake-service.ts'
import { send } from '../dashboard/http-client.ts'
import { addAccounts, signIn } from '../support/accounts.ts'

// Every operation of the contract, as every role and signed out, against a running dashboard:
// allowed means the fake service received it; refused means 401 or 403 and it did not.
let service: FakeService
let dashboard: RunningDashboard
let dataDir: string
const sessions = {} as Record<Role, Record<string, string>>
beforeAll(async () => {
  service = await startFakeService()
  dataDir = mkdtempSync(join(tmpdir(), 'access-matrix-'))
  const dashboardDb = join(dataDir, 'dashboard.db')
  writeFileSync(join(dataDir, 'index.html'), '<!doctype html><title>app</title>')
  const accounts = await addAccounts({ sqlitePath: dashboardDb }, roles)
  dashboard = await startDashboard({
    port: 0,
    mode: 'production',
    distDir: dataDir,
    dashboardDb,
    service: { baseUrl: service.url, ...fakeClient },
    log: () => {},
  })
  for (const role of roles) sessions[role] = await signIn(dashboard.url, accounts[role])
})
afterAll(async () => {
  await dashboard?.close()
  await service?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const concretePath = (template: string) =>
  template.replace(/\{[^}]+\}/g, (name) => `id-${name.length}`)
const cases = operations.flatMap((operation) =>
  [...roles, 'signed out' as const].map((who) => ({ operation, who })),
)

describe('the access matrix', () => {
  it.each(cases)('$operation.operationId as $who', async ({ operation, who }) => {
    service.apiRequests = []
    const headers =
      who === 'signed out' ? { origin: dashboard.url, 'x-dashboard-request': '1' } : sessions[who]
    const hasBody = ['POST', 'PATCH', 'PUT'].includes(operation.method)
    const response = await send(dashboard.url, concretePath(operation.path), {
      method: operation.method,
      headers: { ...headers, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
      ...(hasBody ? { body: '{}' } : {}),
    })
    const allowed = who !== 'signed out' && roleAllows(who, requiredRole(operation))
    if (allowed) {
      expect(response.status).toBe(200)
      expect(service.apiRequests).toHaveLength(1)
    } else {
      expect(response.status).toBe(who === 'signed out' ? 401 : 403)
      expect(response.json()).toEqual({
        error: who === 'signed out' ? expect.any(String) : whoCan(operation.operationId),
      })
      expect(service.apiRequests).toEqual([])
    }
  })

  it('refuses in plain words naming the role that can, never the operation’s internal name', async () => {
    const response = await send(dashboard.url, '/api/v1/playlists/id-1/videos', {
      method: 'PUT',
      headers: { ...sessions.viewer, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(response.json()).toEqual({ error: 'Editors can reorder playlists' })
    const store = await send(dashboard.url, '/api/v1/business_stores', {
      method: 'POST',
      headers: { ...sessions.editor, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(store.json()).toEqual({ error: 'Admins can add stores' })
  })

  it('gives viewers every read, editors the video work, admins stores and catalog', () => {
    const byRole = (role: Role) =>
      operations
        .filter((operation) => requiredRole(operation) === role)
        .map((operation) => operation.operationId)
    expect(byRole('admin').sort()).toEqual(
      ['createBusinessStore', 'deleteBusinessStore', 'updateBusinessStore', 'upsertProduct'].sort(),
    )
    expect(byRole('viewer')).toEqual(
      expect.arrayContaining(['listVideos', 'getVideoDownloadUrls', 'listProductMatches']),
    )
    expect(byRole('editor')).toEqual(
      expect.arrayContaining([
        'updateVideo',
        'createUploadSignature',
        'reorderPlaylistVideos',
        'acceptProductMatches',
      ]),
    )
  })
})
