import type { Db } from '../db/open.ts'
import { createRandom } from './random.ts'
import type { SeededVideo, SeedPlan } from './seed-plan.ts'

/** At most this many products in one video. */
const mostShown = 4

/**
 * Writes which products each seeded video shows: its tagged products and, for most, one or two
 * of its business's products nobody tagged, which matching has to find. From its own random
 * sequence, so every other demo row stays as it was.
 */
export function seedTruth(db: Db, plan: SeedPlan, videos: readonly SeededVideo[]) {
  const random = createRandom(36)
  const insert = db.prepare('INSERT INTO demo_truth (video_id, product_id) VALUES (?, ?)')
  const demoCatalog = [...plan.demo.products, ...plan.demo.otherStoreProducts].map((p) => p.id)
  const soloCatalog = plan.solo.products.map((p) => p.id)
  for (const video of videos) {
    const catalog = video.business === plan.demo.businessId ? demoCatalog : soloCatalog
    const shown = new Set(video.products)
    const wanted = Math.min(mostShown, Math.max(1, shown.size + random.int(0, 2)))
    while (shown.size < Math.min(wanted, catalog.length)) shown.add(random.pick(catalog))
    for (const productId of shown) insert.run(video.id, productId)
  }
}
