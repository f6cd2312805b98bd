import type { Sandbox } from '../context.ts'
import type { SeededVideo, SeedPlan } from './seed-plan.ts'

// Some recent demo videos wait for review with pending AI matches.
export function seedMatches(sandbox: Sandbox, plan: SeedPlan, videos: SeededVideo[]) {
  const { db } = sandbox
  const { random, ids } = plan
  const now = Date.now()
  const job = db.prepare(
    `INSERT INTO matching_jobs (video_id, status, auto_accept, run_after, created_at, completed_at) VALUES (?, 'completed', 0, ?, ?, ?)`,
  )
  const match = db.prepare(
    `INSERT OR IGNORE INTO product_matches (public_id, video_id, product_id, status, score, created_at, updated_at) VALUES (?, ?, ?, 'pending', ?, ?, ?)`,
  )
  const candidates = videos
    .filter((video) => video.business === plan.demo.businessId && video.approved)
    .slice(-60)
  const otherStore = plan.demo.otherStoreProducts
  for (const [n, video] of candidates.filter((_, index) => index % 2 === 0).entries()) {
    job.run(video.id, now, now, now)
    const suggestions = [
      ...video.products,
      ...random.sample(plan.demo.products, 3).map((p) => p.id),
    ]
    for (const [index, productId] of suggestions.entries()) {
      match.run(
        ids(),
        video.id,
        productId,
        Math.max(31, 96 - index * 12 - random.int(0, 8)),
        now,
        now,
      )
    }
    // Every third video also gets a suggestion from the other store (a € product among $ ones),
    // as the matching worker gives; chosen without the random sequence, so the rest stays put.
    const foreign = otherStore[n % otherStore.length]
    if (n % 3 === 0 && foreign) match.run(ids(), video.id, foreign.id, 60 - (n % 20), now, now)
  }
}
