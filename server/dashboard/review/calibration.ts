import { sql } from 'kysely'
import { bandOf, type Calibration, wilson } from '../../../src/api/review.ts'
import type { ReviewDb } from './review-context.ts'

/** A band with fewer counted decisions than this is shown greyed (decision 0022). */
export const sparseBelow = 30

/** Only people's judgements count: reviews and blind-audit reviews, seen, not undone. */
const countedSources = ['person', 'audit'] as const

export interface CalibrationSlice {
  storeId?: string | undefined
  category?: string | undefined
  /** Decided at or after, in ms. */
  fromMs?: number | undefined
  /** Decided before, in ms. */
  toMs?: number | undefined
}

/** Store names by id, as far as someone knows them (the service's stores, passed in by compose). */
export type StoreNames = () => Promise<ReadonlyMap<string, string | null>>

export type SlicePair = { store_id: string | null; category: string | null }

/** The stores and categories to slice by, as a read of the ledger gives them. */
export type SliceReader = (db: ReviewDb) => Promise<SlicePair[]>

/** The team's pace is the median over this many of the slice's latest decisions. */
export const paceSample = 1000

/**
 * The counted decisions of a slice. Walked `inTimeOrder`, the calibration index is left aside
 * (`+seen` is no index term), so a read of the latest few walks the ledger from its end rather
 * than sorting every counted decision.
 */
export function counted(db: ReviewDb, slice: CalibrationSlice, inTimeOrder = false) {
  let query = db
    .selectFrom('review_decisions')
    .where(inTimeOrder ? sql`+seen` : sql.ref('seen'), '=', 1)
    .where('undone_at', 'is', null)
    .where('source', 'in', countedSources)
  if (slice.storeId !== undefined) query = query.where('store_id', '=', slice.storeId)
  if (slice.category !== undefined) query = query.where('category', '=', slice.category)
  if (slice.fromMs !== undefined) query = query.where('decided_ms', '>=', slice.fromMs)
  if (slice.toMs !== undefined) query = query.where('decided_ms', '<', slice.toMs)
  return query
}

/** The median of some durations in ms, in seconds to a tenth (the lower middle one of an even count). */
export function medianSeconds(ms: readonly number[]) {
  if (ms.length === 0) return null
  const sorted = [...ms].sort((a, b) => a - b)
  return Math.round((sorted[Math.floor((sorted.length - 1) / 2)] ?? 0) / 100) / 10
}

/**
 * The reads behind an answer: the counted decisions by score and outcome, which the bands and the
 * picker both sum, over the calibration index alone in its order; the time taken of the slice's
 * latest decisions, for the team's median seconds per decision (blind audits included: a reviewer
 * cannot tell them apart); the first and last decision's times; and the stores and categories to
 * slice by.
 */
export function calibrationReads(db: ReviewDb, slice: CalibrationSlice) {
  const latest = counted(db, slice, true)
  return {
    scores: counted(db, slice)
      .select(['score', 'decision'])
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .groupBy(['score', 'decision']),
    pace: latest
      .where('ms_taken', 'is not', null)
      .select('ms_taken')
      .orderBy('seq', 'desc')
      .limit(paceSample),
    first: latest.select('decided_ms').orderBy('seq', 'asc').limit(1),
    last: latest.select('decided_ms').orderBy('seq', 'desc').limit(1),
    slices: counted(db, {}).select(['store_id', 'category']).distinct(),
  }
}

export interface CalibrationSources {
  storeNames?: StoreNames
  /** Where the slices come from; by default a read of every counted decision. */
  slices?: SliceReader
}

/**
 * Calibration: per 10-point band, the share of the team's counted decisions that accepted the
 * suggestion, with its Wilson 95% interval; the same counts per score for the threshold picker;
 * the team's pace; and the stores and categories there are to slice by.
 */
export async function readCalibration(
  db: ReviewDb,
  slice: CalibrationSlice,
  { storeNames, slices: slicesOf }: CalibrationSources = {},
): Promise<Calibration> {
  const reads = calibrationReads(db, slice)
  const [byScore, pace, first, last, slices, names] = await Promise.all([
    reads.scores.execute(),
    reads.pace.execute(),
    reads.first.executeTakeFirst(),
    reads.last.executeTakeFirst(),
    slicesOf ? slicesOf(db) : reads.slices.execute(),
    storeNames ? storeNames().catch(() => new Map<string, string | null>()) : new Map(),
  ])
  const scores = new Map<number, { decisions: number; accepted: number }>()
  for (const row of byScore) {
    const score = Number(row.score)
    const entry = scores.get(score) ?? { decisions: 0, accepted: 0 }
    entry.decisions += Number(row.n)
    if (row.decision === 'accepted') entry.accepted += Number(row.n)
    scores.set(score, entry)
  }
  const bands = Array.from({ length: 10 }, (_, band) => ({ band, decisions: 0, accepted: 0 }))
  for (const [score, entry] of scores) {
    const band = bands[bandOf(score)]
    if (!band) continue
    band.decisions += entry.decisions
    band.accepted += entry.accepted
  }
  const timeOf = (row: { decided_ms: number | string } | undefined) =>
    row ? new Date(Number(row.decided_ms)).toISOString() : null
  const present = <T>(values: (T | null)[]) =>
    [...new Set(values)].filter((value): value is T => value !== null).sort()
  return {
    decisions: bands.reduce((sum, band) => sum + band.decisions, 0),
    bands: bands.map((band) => {
      const interval = wilson(band.accepted, band.decisions)
      return {
        ...band,
        share: band.decisions > 0 ? band.accepted / band.decisions : null,
        low: interval?.low ?? null,
        high: interval?.high ?? null,
        sparse: band.decisions < sparseBelow,
      }
    }),
    scores: [...scores].sort(([a], [b]) => a - b).map(([score, entry]) => ({ score, ...entry })),
    sparse_below: sparseBelow,
    pace: { median_seconds: medianSeconds(pace.map((row) => Number(row.ms_taken))) },
    period: { first: timeOf(first), last: timeOf(last) },
    slices: {
      stores: present(slices.map((row) => row.store_id)).map((id) => ({
        id,
        name: names.get(id) ?? null,
      })),
      categories: present(slices.map((row) => row.category)),
    },
  }
}
