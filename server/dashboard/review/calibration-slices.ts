import { counted, type SlicePair, type SliceReader } from './calibration.ts'
import type { ReviewDb } from './review-context.ts'

/** Rows written this far behind the newest still count as new (a transaction committing late). */
const lateRows = 10_000
/** All of them are read again this often, so a store whose decisions were all undone leaves. */
const everyMs = 10 * 60_000

/** The slices of the counted decisions written after `after` (in the ledger's order), up to `top`. */
export const slicesWritten = (db: ReviewDb, after: number, top: number) =>
  counted(db, {}, true)
    .where('seq', '>', after)
    .where('seq', '<=', top)
    .select(['store_id', 'category'])
    .distinct()

/**
 * The slices kept between answers: what the ledger had is remembered, and only the rows written
 * since (with a margin before them, walked in the ledger's order) are read again, so a long ledger
 * costs one count per answer rather than two.
 */
export function keptSlices(now: () => number = Date.now): SliceReader {
  let pairs = new Map<string, SlicePair>()
  let upTo = 0
  let fullAt = Number.NEGATIVE_INFINITY
  const keep = (rows: SlicePair[]) => {
    for (const row of rows) pairs.set(JSON.stringify([row.store_id, row.category]), row)
  }
  return async (db) => {
    const newest = await db
      .selectFrom('review_decisions')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirst()
    const top = Number(newest?.seq ?? 0)
    if (now() - fullAt > everyMs || top < upTo) {
      const all = await counted(db, {})
        .where('seq', '<=', top)
        .select(['store_id', 'category'])
        .distinct()
        .execute()
      pairs = new Map()
      keep(all)
      fullAt = now()
    } else if (top > upTo) {
      keep(await slicesWritten(db, Math.max(0, upTo - lateRows), top).execute())
    }
    upTo = top
    return [...pairs.values()]
  }
}
