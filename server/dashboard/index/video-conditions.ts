import { type ExpressionBuilder, sql } from 'kysely'
import type { ReadinessCheck } from '../../../src/api/merch-index.ts'
import type { DashboardTables } from '../db/database.ts'
import type { IndexedVideoTable } from './tables.ts'

type VideoRows = ExpressionBuilder<DashboardTables & { v: IndexedVideoTable }, 'v'>

/** Publication states as the screens name them (`published_at`: none, future, past). */
export type PublicationState = 'draft' | 'scheduled' | 'live'

/** Videos of a publication state at `now`, archived ones left out (they are a state of their own). */
export function inState(eb: VideoRows, state: PublicationState, now: string) {
  const unarchived = eb('v.archived_at', 'is', null)
  if (state === 'draft') return eb.and([unarchived, eb('v.published_at', 'is', null)])
  if (state === 'scheduled') return eb.and([unarchived, eb('v.published_at', '>', now)])
  return eb.and([unarchived, eb('v.published_at', '<=', now)])
}

/**
 * Unarchived videos that fail one of the team's required checks the index can answer: an empty
 * caption, no product, no poster, a tag whose product no longer sells. Subtitles are not in the
 * index; the per-video readiness (asked before publishing) checks them at the service.
 */
export function needsAttention(eb: VideoRows, required: readonly ReadinessCheck[]) {
  const wants = new Set(required)
  const failing = []
  if (wants.has('caption'))
    failing.push(
      eb.or([eb('v.caption', 'is', null), eb(sql<string>`trim(${eb.ref('v.caption')})`, '=', '')]),
    )
  if (wants.has('product')) failing.push(eb('v.product_count', '=', 0))
  if (wants.has('poster')) failing.push(eb('v.poster_count', '=', 0))
  if (wants.has('broken_tag'))
    failing.push(
      eb.exists(
        eb
          .selectFrom('indexed_video_tags as t')
          .leftJoin('indexed_products as p', 'p.id', 't.tag_id')
          .select('t.tag_id')
          .whereRef('t.video_id', '=', 'v.id')
          .where('t.kind', '=', 'product')
          .where((inner) =>
            inner.or([
              inner('p.id', 'is', null),
              inner('p.gone_at', 'is not', null),
              inner('p.in_stock', '=', 0),
            ]),
          ),
      ),
    )
  if (failing.length === 0) return sql<boolean>`1 = 0`
  return eb.and([eb('v.archived_at', 'is', null), eb.or(failing)])
}

/** Captions holding the words as typed (lower-cased; `%` and `_` are literal, as at the service). */
export function captionHas(eb: VideoRows, words: string) {
  const pattern = `%${words.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
  return eb(sql<string>`lower(${eb.ref('v.caption')})`, 'like', sql<string>`${pattern} escape '\\'`)
}
