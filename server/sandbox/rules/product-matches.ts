import type { ProductMatchList } from '../../../src/api/generated/types.gen.ts'
import type { Db } from '../db/open.ts'
import { renderProducts } from './product-view.ts'
import { iso } from './time.ts'

export function renderMatchList(db: Db, videoId: number, publicUrl: string): ProductMatchList {
  const job = db
    .prepare('SELECT status FROM matching_jobs WHERE video_id = ? ORDER BY id DESC LIMIT 1')
    .get(videoId) as { status: ProductMatchList['status'] } | undefined
  const rows = db
    .prepare('SELECT * FROM product_matches WHERE video_id = ? ORDER BY score DESC, id')
    .all(videoId) as Array<{
    public_id: string
    product_id: number
    status: 'pending' | 'accepted' | 'rejected'
    score: number
    created_at: number
    updated_at: number
  }>
  const products = new Map(
    renderProducts(
      db,
      rows.map((row) => row.product_id),
      publicUrl,
    ).map((product, index) => [rows[index]?.product_id, product]),
  )
  return {
    status: job?.status ?? 'none',
    matches: rows.flatMap((row) => {
      const product = products.get(row.product_id)
      if (!product) return []
      return [
        {
          id: row.public_id,
          status: row.status,
          product,
          matching_score: row.score,
          created_at: iso(row.created_at),
          updated_at: iso(row.updated_at),
        },
      ]
    }),
  }
}

// Accepting attaches the accepted products to the video, after its existing tags, as auto_accept
// does when a job completes.
export function acceptMatches(db: Db, videoId: number, productIds: number[], now: number) {
  const accepted = new Set(productIds)
  const rows = db
    .prepare('SELECT id, product_id FROM product_matches WHERE video_id = ?')
    .all(videoId) as Array<{
    id: number
    product_id: number
  }>
  const setStatus = db.prepare('UPDATE product_matches SET status = ?, updated_at = ? WHERE id = ?')
  const tagged = new Set(
    (
      db
        .prepare('SELECT product_id FROM video_products WHERE video_id = ? AND unit_id IS NULL')
        .all(videoId) as Array<{
        product_id: number
      }>
    ).map((row) => row.product_id),
  )
  let position = (
    db
      .prepare(
        'SELECT coalesce(max(position) + 1, 0) AS next FROM video_products WHERE video_id = ?',
      )
      .get(videoId) as {
      next: number
    }
  ).next
  const tag = db.prepare(
    'INSERT INTO video_products (video_id, product_id, unit_id, position, hidden, created_at) VALUES (?, ?, NULL, ?, 0, ?)',
  )
  for (const row of rows) {
    const isAccepted = accepted.has(row.product_id)
    setStatus.run(isAccepted ? 'accepted' : 'rejected', now, row.id)
    if (isAccepted && !tagged.has(row.product_id)) {
      tag.run(videoId, row.product_id, position++, now)
      tagged.add(row.product_id)
    }
  }
}
