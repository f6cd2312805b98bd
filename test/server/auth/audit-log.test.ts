import { describe, expect, it } from 'vitest'
import { dashboardWithFakeService } from '../dashboard/dashboard-for.ts'
import { json } from '../dashboard/fake-service.ts'
import { send, sendSignedIn } from '../dashboard/http-client.ts'

const running = dashboardWithFakeService('file')
const write = (path: string, method: string, body = '{}') =>
  sendSignedIn(running.dashboard, path, {
    method,
    headers: { 'content-type': 'application/json' },
    body,
  })

describe('the audit log', () => {
  it('records each write with who, what, which resource and the result; reads are not recorded', async () => {
    running.service.api = (request, res) =>
      json(
        res,
        request.url.includes('missing') ? 404 : 200,
        request.url.includes('missing') ? { error: 'Video not found' } : {},
      )
    await sendSignedIn(running.dashboard, '/api/v1/videos')
    await write('/api/v1/videos/v-1', 'PATCH', '{"caption":"New"}')
    await write('/api/v1/videos/missing/publish', 'POST')
    const page = await sendSignedIn(running.dashboard, '/auth/audit')
    expect(page.status).toBe(200)
    const entries = page.json().entries as Array<Record<string, unknown>>
    expect(entries.slice(0, 2)).toEqual([
      expect.objectContaining({
        account_email: 'admin@example.com',
        operation: 'publishVideo',
        method: 'POST',
        path: '/api/v1/videos/missing/publish',
        status: 404,
      }),
      expect.objectContaining({
        operation: 'updateVideo',
        path: '/api/v1/videos/v-1',
        status: 200,
      }),
    ])
    expect(entries.some((entry) => entry.operation === 'listVideos')).toBe(false)
  })

  it('filters by person, operation and result, and exports what it shows as CSV', async () => {
    await write('/api/v1/playlists', 'POST', '{"name":"=HYPERLINK(\\"x\\")"}')
    const failed = await sendSignedIn(running.dashboard, '/auth/audit?outcome=failure')
    expect(failed.json().entries.every((entry: { status: number }) => entry.status >= 400)).toBe(
      true,
    )
    const playlists = await sendSignedIn(
      running.dashboard,
      '/auth/audit?operation=createPlaylist&account=ADMIN@example.com',
    )
    expect(playlists.json().entries).toHaveLength(1)
    const csv = await sendSignedIn(running.dashboard, '/auth/audit.csv?operation=createPlaylist')
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.headers['content-disposition']).toContain('attachment')
    const [header, row, end] = csv.text.split('\r\n')
    expect(header).toBe('at,account_email,operation,method,path,status,count')
    expect(row).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z,admin@example\.com,createPlaylist,POST,\/api\/v1\/playlists,200,1$/,
    )
    expect(end).toBe('')
  })

  it('is for admins only', async () => {
    expect((await send(running.dashboard.url, '/auth/audit')).status).toBe(401)
  })
})
