import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createAuditLog, csvHeader, csvRow } from '../../../server/dashboard/auth/audit-log.ts'
import { type DashboardDb, openDashboardDb } from '../../../server/dashboard/db/database.ts'
import { bothDatabases } from '../support/both-databases.ts'

const t0 = Date.parse('2030-05-01T09:00:00.000Z')
const second = 1000

const attempt = (operation: string, email: string, status: number) => ({
  account_id: '',
  account_email: email,
  operation,
  method: 'POST',
  path: '/auth/sign-in',
  status,
})

describe.each(bothDatabases)('the audit log on $name', ({ start }) => {
  let database: Awaited<ReturnType<typeof start>>
  let db: DashboardDb
  let clock = t0
  const audit = () => createAuditLog(db, () => new Date(clock))
  const rows = async () => (await audit().page({ limit: 200 })).entries
  beforeAll(async () => {
    database = await start()
    db = await openDashboardDb(database.location)
  })
  afterAll(async () => {
    await db?.destroy()
    await database?.stop()
  })
  beforeEach(async () => {
    clock = t0
    await db.deleteFrom('audit_log').execute()
  })

  it('keeps one row per attempted address and minute for refused sign-ins, with their count', async () => {
    const log = audit()
    for (const at of [10, 20, 59]) {
      clock = t0 + at * second
      await log.record(attempt('dashboard.signInLimited', 'sam@example.com', 429))
    }
    await log.record(attempt('dashboard.signInLimited', 'kim@example.com', 429))
    await log.record(attempt('dashboard.signInFailed', 'sam@example.com', 401))
    await log.record(attempt('dashboard.signInFailed', 'sam@example.com', 401))
    clock = t0 + 61 * second
    await log.record(attempt('dashboard.signInLimited', 'sam@example.com', 429))
    const summary = (await rows()).map(({ account_email, operation, count, at }) => ({
      account_email,
      operation,
      count,
      at,
    }))
    expect(summary).toEqual([
      {
        account_email: 'sam@example.com',
        operation: 'dashboard.signInLimited',
        count: 1,
        at: '2030-05-01T09:01:01.000Z',
      },
      {
        account_email: 'sam@example.com',
        operation: 'dashboard.signInFailed',
        count: 2,
        at: '2030-05-01T09:00:59.000Z',
      },
      {
        account_email: 'kim@example.com',
        operation: 'dashboard.signInLimited',
        count: 1,
        at: '2030-05-01T09:00:59.000Z',
      },
      {
        account_email: 'sam@example.com',
        operation: 'dashboard.signInLimited',
        count: 3,
        at: '2030-05-01T09:00:10.000Z',
      },
    ])
  })

  it('keeps a row for each change, with a count of one, and exports the count', async () => {
    const log = audit()
    const change = {
      account_id: 'a-1',
      account_email: 'admin@example.com',
      operation: 'updateVideo',
      method: 'PATCH',
      path: '/api/v1/videos/v-1',
      status: 200,
    }
    await log.record(change)
    await log.record(change)
    const entries = await rows()
    expect(entries.map((entry) => entry.count)).toEqual([1, 1])
    expect(csvHeader()).toBe('at,account_email,operation,method,path,status,count\r\n')
    expect(csvRow(entries[0] as (typeof entries)[number])).toBe(
      '2030-05-01T09:00:00.000Z,admin@example.com,updateVideo,PATCH,/api/v1/videos/v-1,200,1\r\n',
    )
  })

  it('bounds every text it stores, whatever a request sent', async () => {
    const huge = 'x'.repeat(16 * 1024)
    await audit().record({
      account_id: huge,
      account_email: `${huge}@example.com`,
      operation: huge,
      method: huge,
      path: `/api/v1/${huge}`,
      status: 403,
    })
    const [entry] = await rows()
    expect(entry?.account_email.length).toBeLessThanOrEqual(254)
    expect(entry?.path.startsWith('/api/v1/xxx')).toBe(true)
    for (const [column, value] of Object.entries(entry ?? {}))
      if (typeof value === 'string') expect(value.length, column).toBeLessThanOrEqual(1024)
  })
})
