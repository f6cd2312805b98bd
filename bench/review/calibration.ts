import Database from 'better-sqlite3'
import { bandOf, type Calibration, wilson } from '../../src/api/review.ts'
import type { benchClient } from '../index/client.ts'

type Client = ReturnType<typeof benchClient>

export const calibrationPath = '/api/dashboard/review/calibration'

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/**
 * The calibration page's reads: the whole ledger, then sliced by a store, a category, the last
 * 30 days, and a store over those days, in turn, `reads` times in all. Each is timed from the
 * request to its whole answer.
 */
export async function timeCalibration(client: Client, reads: number) {
  const whole = await client.json<Calibration>(calibrationPath)
  const store = whole.slices.stores[0]?.id
  const category = whole.slices.categories[0]
  const now = Date.now()
  const period = { from: day(now - 30 * 86_400_000), to: day(now) }
  const cases: Array<[string, Record<string, string>]> = [
    ['whole ledger', {}],
    ...(store ? [['a store', { store_id: store }] as [string, Record<string, string>]] : []),
    ...(category ? [['a category', { category }] as [string, Record<string, string>]] : []),
    ['the last 30 days', period],
    ...(store
      ? [
          ['a store, the last 30 days', { store_id: store, ...period }] as [
            string,
            Record<string, string>,
          ],
        ]
      : []),
  ]
  const byCase = new Map<string, number[]>(cases.map(([name]) => [name, []]))
  const all: number[] = []
  for (let read = 0; read < reads; read++) {
    const [name, query] = cases[read % cases.length] as [string, Record<string, string>]
    const search = new URLSearchParams(query).toString()
    const took = await client.timed(`${calibrationPath}${search ? `?${search}` : ''}`)
    all.push(took)
    byCase.get(name)?.push(took)
  }
  return { all, byCase, decisions: whole.decisions }
}

/** Decisions and acceptances among the scores `inside` takes (the picker's sums). */
function summed(calibration: Calibration, inside: (score: number) => boolean) {
  const sum = { decisions: 0, accepted: 0 }
  for (const { score, decisions, accepted } of calibration.scores)
    if (inside(score)) {
      sum.decisions += decisions
      sum.accepted += accepted
    }
  return sum
}

/**
 * The threshold an admin reads off the picker: the lowest score whose estimated precision (the
 * Wilson lower bound of the share accepted at or above it) meets the target.
 */
export function pickThreshold(calibration: Calibration, target: number): number | null {
  for (let score = 0; score <= 100; score++) {
    const above = summed(calibration, (each) => each >= score)
    const precision = wilson(above.accepted, above.decisions)?.low
    if (precision !== undefined && precision >= target) return score
  }
  return null
}

/**
 * The floor beside it: the highest score at or below the threshold under which the team
 * accepted less than `most` of the suggestions (the upper bound of that share), so that what it
 * rejects unseen the team would have rejected; 0 (nothing rejected) when none is.
 */
export function pickFloor(calibration: Calibration, threshold: number, most = 0.1): number {
  for (let floor = threshold; floor > 0; floor--) {
    const below = summed(calibration, (score) => score < floor)
    const high = wilson(below.accepted, below.decisions)?.high
    if (high !== undefined && high < most) return floor
  }
  return 0
}

export interface BandError {
  band: number
  decisions: number
  /** The calibration page's accepted share. */
  share: number
  /** The share of the same suggestions that the video really shows. */
  trueShare: number
}

/**
 * The expected calibration error, in percentage points, of the calibration page's accepted share
 * per band against the truth over the same decisions (read from the ledger: people's, seen, not
 * undone), weighted by decisions per band; and whether the page counted what the ledger holds.
 */
export async function calibrationError(
  client: Client,
  dashboardDb: string,
  isTrue: (videoId: string, productId: string) => boolean,
) {
  const page = await client.json<Calibration>(calibrationPath)
  const db = new Database(dashboardDb, { readonly: true, fileMustExist: true })
  const counted = db
    .prepare(
      `SELECT video_id, product_id, score, decision FROM review_decisions
       WHERE seen = 1 AND undone_at IS NULL AND source IN ('person', 'audit')`,
    )
    .all() as Array<{ video_id: string; product_id: string; score: number; decision: string }>
  db.close()
  const ledger = Array.from({ length: 10 }, () => ({ decisions: 0, accepted: 0, true: 0 }))
  for (const row of counted) {
    const band = ledger[bandOf(row.score)] as (typeof ledger)[number]
    band.decisions++
    if (row.decision === 'accepted') band.accepted++
    if (isTrue(row.video_id, row.product_id)) band.true++
  }
  const bands: BandError[] = []
  let matchesLedger = page.decisions === counted.length
  for (const shown of page.bands) {
    const own = ledger[shown.band]
    if (!own || own.decisions !== shown.decisions || own.accepted !== shown.accepted)
      matchesLedger = false
    if (!own || shown.decisions === 0 || shown.share === null) continue
    bands.push({
      band: shown.band,
      decisions: shown.decisions,
      share: shown.share,
      trueShare: own.true / own.decisions,
    })
  }
  const total = bands.reduce((sum, band) => sum + band.decisions, 0)
  const points =
    total === 0
      ? null
      : bands.reduce(
          (sum, band) => sum + (band.decisions / total) * Math.abs(band.share - band.trueShare),
          0,
        ) * 100
  return { points, bands, decisions: total, matchesLedger }
}
