import { areaMigrations } from '../../../server/dashboard/areas.ts'
import { openDashboardDb } from '../../../server/dashboard/db/database.ts'
import type { ReviewTableMap } from '../../../server/dashboard/review/review-context.ts'
import { record } from '../../server/review/calibration-ledger.ts'
import type { RunningApp } from './app.ts'

/** Writes decisions into the running dashboard's ledger, as the team's history or an audit. */
export async function recordDecisions(app: RunningApp, rows: Parameters<typeof record>[1]) {
  const db = await openDashboardDb({ sqlitePath: app.dashboardDb, areas: areaMigrations })
  try {
    await record(db.withTables<ReviewTableMap>(), rows)
  } finally {
    await db.destroy()
  }
}
