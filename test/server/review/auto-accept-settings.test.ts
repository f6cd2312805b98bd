/**
 * Auto-accept's team setting over HTTP: everyone signed in reads it with its eligibility and the
 * audit's figures; only admins change it, audited; turning it on is refused with the reason until
 * the team's decisions support it, and turning it on again ends a pause.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { autoAcceptSettingsSchema } from '@/api/review.ts'
import { areaMigrations } from '../../../server/dashboard/areas.ts'
import { openDashboardDb } from '../../../server/dashboard/db/database.ts'
import { pauseAutoAccept } from '../../../server/dashboard/review/auto-accept-settings.ts'
import type { ReviewDb, ReviewTableMap } from '../../../server/dashboard/review/review-context.ts'
import { bothDatabases } from '../support/both-databases.ts'
import { startViewsDashboard, type ViewsDashboard } from '../views/views-dashboard.ts'
import { many, record } from './calibration-ledger.ts'

const path = '/api/dashboard/review/settings'
const sqlite = bothDatabases[0]
let database: Awaited<ReturnType<NonNullable<typeof sqlite>['start']>>
let dashboard: ViewsDashboard
let db: ReviewDb

beforeAll(async () => {
  if (!sqlite) throw new Error('no SQLite')
  database = await sqlite.start()
  dashboard = await startViewsDashboard(database.location)
  db = (
    await openDashboardDb({ ...database.location, areas: areaMigrations })
  ).withTables<ReviewTableMap>()
})
afterAll(async () => {
  await db?.destroy()
  await dashboard?.close()
  await database?.stop()
})

const read = async () => {
  const answer = await dashboard.as('vic', 'GET', path)
  expect(answer.status).toBe(200)
  return autoAcceptSettingsSchema.parse(answer.json())
}
const on = { enabled: true, target: 0.95, threshold: 70, floor: 30 }

it('reads as off by default, at 95%, 80 and 30, with why it cannot be turned on yet', async () => {
  expect(await read()).toEqual({
    enabled: false,
    target: 0.95,
    threshold: 80,
    floor: 30,
    paused: null,
    updated_at: null,
    updated_by: null,
    eligibility: {
      eligible: false,
      decisions: 0,
      accepted: 0,
      lower_bound: null,
      reason:
        'At 80 and above the team has made 0 decisions; auto-accept needs at least 200 there to measure its precision.',
    },
    audit: { decisions: 0, accepted: 0, lower_bound: null },
  })
})

it('judges the eligibility at a threshold and target asked for, without saving them', async () => {
  await record(db, many(200, 200, { score: 90 }))
  const answer = await dashboard.as('vic', 'GET', `${path}?threshold=85&target=0.9`)
  expect(answer.status).toBe(200)
  expect(autoAcceptSettingsSchema.parse(answer.json())).toMatchObject({
    threshold: 80,
    target: 0.95,
    eligibility: { eligible: true, decisions: 200, accepted: 200, reason: null },
  })
  const bad = await dashboard.as('vic', 'GET', `${path}?threshold=101`)
  expect(bad.status).toBe(400)
  expect(bad.json().error).toMatch(/^Invalid threshold/)
  await db.deleteFrom('review_decisions').execute()
})

it('lets only admins change it, and refuses turning it on without the data, saying why', async () => {
  for (const who of ['vic', 'ana'] as const)
    expect((await dashboard.as(who, 'PUT', path, on)).status).toBe(403)
  const refused = await dashboard.as('admin', 'PUT', path, on)
  expect(refused.status).toBe(422)
  expect(refused.json().error).toBe(
    'Auto-accept cannot be turned on: At 70 and above the team has made 0 decisions; auto-accept needs at least 200 there to measure its precision.',
  )
  expect((await read()).enabled).toBe(false)
  const floorAbove = await dashboard.as('admin', 'PUT', path, { ...on, floor: 75 })
  expect(floorAbove.status).toBe(422)
  expect(floorAbove.json().error).toBe('The floor (75) must be at or below the threshold (70)')
  const bad = await dashboard.as('admin', 'PUT', path, { ...on, target: 1.2 })
  expect(bad.status).toBe(400)
  expect(bad.json().error).toMatch(/^Invalid target/)
})

it('turns on once the decisions support it, audited, and a pause ends when an admin turns it on again', async () => {
  await record(db, many(300, 296, { score: 75 }))
  const saved = await dashboard.as('admin', 'PUT', path, on)
  expect(saved.status, saved.text).toBe(200)
  expect(autoAcceptSettingsSchema.parse(saved.json())).toMatchObject({
    ...on,
    paused: null,
    updated_by: 'admin@example.com',
    eligibility: { eligible: true, decisions: 300, reason: null },
  })
  expect(await read()).toMatchObject({ enabled: true, threshold: 70 })
  const entries = await dashboard.audit('dashboard.changeAutoAccept')
  expect(entries.map((entry) => entry.status)).toEqual([200, 400, 422, 422, 403, 403])

  expect(await pauseAutoAccept(db, 'The audit slipped')).toBe(true)
  expect((await read()).paused).toEqual({ at: expect.any(String), reason: 'The audit slipped' })
  // Saved while paused, with the admin still shown as the last to change it.
  expect((await read()).updated_by).toBe('admin@example.com')
  expect((await dashboard.as('admin', 'PUT', path, on)).status).toBe(200)
  expect((await read()).paused).toBeNull()
})
