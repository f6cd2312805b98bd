import type { Sandbox } from '../context.ts'
import type { Db } from '../db/open.ts'
import { rankProductMatches } from '../matching/rank.ts'
import { truthMatcher } from '../matching/truth-matches.ts'
import { acceptMatches } from '../rules/product-matches.ts'
import { touchVideo } from '../rules/touch-video.ts'

interface DueJob {
  id: number
  video_id: number
  auto_accept: number
}

// Completes due matching jobs: a seeded demo video gets what the truth model suggests, any other
// video the business's products ranked against its words; new matches are recorded as pending
// (an existing match keeps its status).
export async function runDueMatching(sandbox: Sandbox): Promise<boolean> {
  const { db } = sandbox
  const job = db
    .prepare(
      `SELECT id, video_id, auto_accept FROM matching_jobs WHERE status = 'in_progress' AND run_after <= ? ORDER BY run_after LIMIT 1`,
    )
    .get(Date.now()) as DueJob | undefined
  if (!job) return false
  const video = db
    .prepare(
      'SELECT business_id, status, caption, description, hashtags, deleted_at FROM videos WHERE id = ?',
    )
    .get(job.video_id) as {
    business_id: number
    status: string
    caption: string | null
    description: string | null
    hashtags: string
    deleted_at: number | null
  }
  const now = Date.now()
  if (video.status !== 'approved' || video.deleted_at !== null) {
    db.prepare(`UPDATE matching_jobs SET status = 'failed', completed_at = ? WHERE id = ?`).run(
      now,
      job.id,
    )
    return true
  }
  const ranked = truthMatcher(db, video.business_id)(job.video_id) ?? rankLexically(db, video)
  db.transaction(() => {
    const insert = db.prepare(
      `INSERT INTO product_matches (public_id, video_id, product_id, status, score, created_at, updated_at)
       VALUES (?, ?, ?, 'pending', ?, ?, ?) ON CONFLICT (video_id, product_id) DO UPDATE SET score = excluded.score, updated_at = excluded.updated_at`,
    )
    for (const match of ranked)
      insert.run(sandbox.ids(), job.video_id, match.productId, match.score, now, now)
    if (job.auto_accept === 1) {
      const all = db
        .prepare('SELECT product_id FROM product_matches WHERE video_id = ?')
        .all(job.video_id) as Array<{
        product_id: number
      }>
      acceptMatches(
        db,
        job.video_id,
        all.map((row) => row.product_id),
        now,
      )
    }
    db.prepare(`UPDATE matching_jobs SET status = 'completed', completed_at = ? WHERE id = ?`).run(
      now,
      job.id,
    )
  })()
  if (job.auto_accept === 1) touchVideo(sandbox, job.video_id)
  return true
}

function rankLexically(
  db: Db,
  video: {
    business_id: number
    caption: string | null
    description: string | null
    hashtags: string
  },
): Array<{ productId: number; score: number }> {
  const products = db
    .prepare(
      `SELECT p.id, p.public_id, p.name, p.brand, p.description, p.category, p.subtitle FROM products p
       JOIN stores s ON s.id = p.store_id WHERE s.business_id = ? AND s.deleted_at IS NULL`,
    )
    .all(video.business_id) as Array<{
    id: number
    public_id: string
    name: string | null
    brand: string | null
    description: string | null
    category: string | null
    subtitle: string | null
  }>
  const ranked = rankProductMatches(
    {
      caption: video.caption,
      description: video.description,
      hashtags: JSON.parse(video.hashtags),
    },
    products.map((p) => ({ ...p, id: String(p.id) })),
  )
  return ranked.map((match) => ({ productId: Number(match.productId), score: match.score }))
}
