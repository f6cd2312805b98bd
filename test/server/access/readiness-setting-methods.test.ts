import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  probe,
  type RouteTableDashboard,
  startRouteTableDashboard,
} from './route-table-dashboard.ts'

let dashboard: RouteTableDashboard
beforeAll(async () => {
  dashboard = await startRouteTableDashboard()
}, 60_000)
afterAll(() => dashboard?.close())

const setting = '/api/dashboard/settings/readiness'
const read = async () =>
  JSON.parse((await probe(dashboard.url, setting, 'GET', dashboard.sessions.viewer)).body)

describe("the team's readiness setting", () => {
  it('is not changed by a viewer’s HEAD with a JSON body', async () => {
    const before = await read()
    const body = JSON.stringify({ required: ['subtitles'] })
    const head = await probe(dashboard.url, setting, 'HEAD', dashboard.sessions.viewer, body)
    expect(head.status).toBe(200)
    expect(head.body).toBe('')
    expect(await read()).toEqual(before)
    const put = await probe(dashboard.url, setting, 'PUT', dashboard.sessions.viewer, body)
    expect(put.status).toBe(403)
    expect(await read()).toEqual(before)
  })

  it('is changed by an admin’s PUT, which the audit log records', async () => {
    const body = JSON.stringify({ required: ['caption', 'subtitles'] })
    const put = await probe(dashboard.url, setting, 'PUT', dashboard.sessions.admin, body)
    expect(put.status).toBe(200)
    expect(await read()).toEqual({ required: ['caption', 'subtitles'] })
    const audit = await probe(
      dashboard.url,
      '/auth/audit?operation=dashboard.changeSettings',
      'GET',
      dashboard.sessions.admin,
    )
    expect(JSON.parse(audit.body).entries[0]).toMatchObject({
      account_email: 'admin@example.com',
      method: 'PUT',
      path: setting,
      status: 200,
    })
  })
})
