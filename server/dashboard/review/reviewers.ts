import { sql } from 'kysely'
import type { Reviewers } from '../../../src/api/review.ts'
import { medianSeconds, paceSample } from './calibration.ts'
import type { ReviewDb } from './review-context.ts'
import { type Captions, readAgreement } from './reviewers-agreement.ts'

/** A pause longer than this between one's decisions is a break: it counts as this much work. */
export const longestGapMs = 2 * 60_000

/** A person's own judgements: reviews, blind-audit reviews and second reviews, that they saw. */
const peoplesSources = ['person', 'audit', 'second'] as const

export interface ReviewPeriod {
  fromMs?: number | undefined
  toMs?: number | undefined
}

function judgements(db: ReviewDb, period: ReviewPeriod) {
  let query = db
    .selectFrom('review_decisions')
    .where('source', 'in', peoplesSources)
    .where('seen', '=', 1)
    .where('reviewer_id', 'is not', null)
  if (period.fromMs !== undefined) query = query.where('decided_ms', '>=', period.fromMs)
  if (period.toMs !== undefined) query = query.where('decided_ms', '<', period.toMs)
  return query
}

/**
 * Each person's active time: the gaps between their consecutive decisions, each counted up to
 * `longestGapMs`. Decisions sent together share their time, so a video's take the gap before it.
 */
async function activeMs(db: ReviewDb, period: ReviewPeriod) {
  const gaps = judgements(db, period).select([
    'reviewer_id',
    sql<number>`decided_ms - lag(decided_ms) over (partition by reviewer_id order by decided_ms)`.as(
      'gap',
    ),
  ])
  const rows = await db
    .selectFrom(gaps.as('gaps'))
    .select('reviewer_id')
    .select(
      sql<
        number | string
      >`sum(case when gap > ${longestGapMs} then ${longestGapMs} else gap end)`.as('active'),
    )
    .where('gap', 'is not', null)
    .groupBy('reviewer_id')
    .execute()
  return new Map(rows.map((row) => [row.reviewer_id ?? '', Number(row.active)]))
}

/** Each person's median seconds per decision, over their latest decisions in the period. */
async function mediansOf(db: ReviewDb, period: ReviewPeriod, reviewerIds: readonly string[]) {
  const medians = await Promise.all(
    reviewerIds.map(async (id) => {
      const rows = await judgements(db, period)
        .where('reviewer_id', '=', id)
        .where('ms_taken', 'is not', null)
        .select('ms_taken')
        .orderBy('decided_ms', 'desc')
        .limit(paceSample)
        .execute()
      return [id, medianSeconds(rows.map((row) => Number(row.ms_taken)))] as const
    }),
  )
  return new Map(medians)
}

/**
 * The reviewer page: each person's decisions, pace and undo rate over the period, and how well
 * two people agree on the double-reviewed sample, with the disagreements no one has settled.
 */
export async function readReviewers(
  db: ReviewDb,
  period: ReviewPeriod,
  captions?: Captions,
): Promise<Reviewers> {
  const [counts, active, agreement] = await Promise.all([
    judgements(db, period)
      .select('reviewer_id')
      .select((eb) => [
        eb.fn.max('reviewer_email').as('email'),
        eb.fn.countAll<number | string>().as('decisions'),
        eb.fn.sum<number | string>(sql`case when undone_at is null then 0 else 1 end`).as('undone'),
      ])
      .groupBy('reviewer_id')
      .execute(),
    activeMs(db, period),
    readAgreement(db, period, captions),
  ])
  const medians = await mediansOf(
    db,
    period,
    counts.map((row) => row.reviewer_id ?? ''),
  )
  const reviewers = counts.map((row) => {
    const id = row.reviewer_id ?? ''
    const decisions = Number(row.decisions)
    const minutes = (active.get(id) ?? 0) / 60_000
    return {
      account_id: id,
      email: row.email ?? id,
      decisions,
      per_minute: minutes > 0 ? decisions / minutes : null,
      median_seconds: medians.get(id) ?? null,
      undo_rate: decisions > 0 ? Number(row.undone) / decisions : null,
    }
  })
  reviewers.sort((a, b) => b.decisions - a.decisions || a.email.localeCompare(b.email))
  return { reviewers, ...agreement }
}
