import type { Db } from '../db/open.ts'
import { suggestFromTruth, type TruthCandidate, type TruthSuggestion } from './truth-model.ts'

/**
 * The demo matcher for one business: for a video the seed wrote a truth for, the suggestions the
 * truth model gives (from the business's live stores); null for any other video, which the
 * lexical ranking then matches. The catalog is read once, at the first video with a truth, so many
 * videos can be matched in turn.
 */
export function truthMatcher(db: Db, businessId: number) {
  let catalog: TruthCandidate[] | undefined
  const readCatalog = () =>
    db
      .prepare(
        `SELECT p.id AS productId, s.uid AS store FROM products p JOIN stores s ON s.id = p.store_id
       WHERE s.business_id = ? AND s.deleted_at IS NULL ORDER BY p.id`,
      )
      .all(businessId) as TruthCandidate[]
  const hasTruth = db.prepare('SELECT 1 FROM demo_truth WHERE video_id = ? LIMIT 1')
  const shownIn = db.prepare(
    `SELECT t.product_id AS productId, s.uid AS store FROM demo_truth t
     JOIN products p ON p.id = t.product_id JOIN stores s ON s.id = p.store_id
     WHERE t.video_id = ? AND s.business_id = ? AND s.deleted_at IS NULL ORDER BY t.product_id`,
  )
  return (videoId: number): TruthSuggestion[] | null => {
    if (!hasTruth.get(videoId)) return null
    const shown = shownIn.all(videoId, businessId) as TruthCandidate[]
    catalog ??= readCatalog()
    return suggestFromTruth(videoId, shown, catalog)
  }
}
