import type { Sandbox } from '../context.ts'
import { seededIds } from '../ids.ts'
import { truthMatcher } from '../matching/truth-matches.ts'
import type { SeededVideo, SeedPlan } from './seed-plan.ts'

// Some recent demo videos wait for review with the pending suggestions a matching job on them
// gives (the truth model). Their ids come from their own sequence, so the rows seeded after them
// keep theirs whatever the model suggests.
export function seedMatches(sandbox: Sandbox, plan: SeedPlan, videos: SeededVideo[]) {
  const { db } = sandbox
  const ids = seededIds(2026_36)
  const now = Date.now()
  const job = db.prepare(
    `INSERT INTO matching_jobs (video_id, status, auto_accept, run_after, created_at, completed_at) VALUES (?, 'completed', 0, ?, ?, ?)`,
  )
  const match = db.prepare(
    `INSERT INTO product_matches (public_id, video_id, product_id, status, score, created_at, updated_at) VALUES (?, ?, ?, 'pending', ?, ?, ?)`,
  )
  const suggest = truthMatcher(db, plan.demo.businessId)
  const candidates = videos
    .filter((video) => video.business === plan.demo.businessId && video.approved)
    .slice(-60)
  for (const video of candidates.filter((_, index) => index % 2 === 0)) {
    job.run(video.id, now, now, now)
    for (const { productId, score } of suggest(video.id) ?? [])
      match.run(ids(), video.id, productId, score, now, now)
  }
}
