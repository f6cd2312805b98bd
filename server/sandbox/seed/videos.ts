import type { Sandbox } from '../context.ts'
import { seedTruth } from './demo-truth.ts'
import { seedMatches } from './matches.ts'
import { seedPlaylists } from './playlists.ts'
import type { SeededVideo, SeedPlan } from './seed-plan.ts'
import { seedRates } from './seed-rates.ts'
import { rollVideo } from './video-attributes.ts'
import { videoRowWriter } from './video-rows.ts'

// A realistic library: mostly live, plus drafts, scheduled, archived, private, unlisted, errored
// and still-processing videos, many tagged with products, some with posters, subtitles, custom
// fields, CTAs and social attribution; then playlists, what each video shows (the truth) and
// pending matches drawn from it.
export function seedVideos(sandbox: Sandbox, plan: SeedPlan) {
  const { db } = sandbox
  const { random } = plan
  const catalog = new Map(
    (
      db.prepare('SELECT id, name, category FROM products').all() as Array<{
        id: number
        name: string
        category: string
      }>
    ).map((row) => [row.id, row]),
  )
  const context = {
    random,
    now: Date.now(),
    timeScale: sandbox.config.timeScale,
    clips: plan.clips,
    posters: plan.posters,
    hasSubtitleFile: plan.subtitle !== null,
    catalog,
  }
  const write = videoRowWriter(db, plan.ids, plan.subtitle)

  // The solo business's few videos are spread evenly through the year.
  const soloCount = Math.min(24, Math.ceil(plan.count / 50))
  const total = plan.count + soloCount
  const soloEvery = Math.max(1, Math.floor(total / soloCount))
  const created: SeededVideo[] = []
  let soloSeeded = 0
  for (let n = 0; n < total; n++) {
    const isSolo = n % soloEvery === 0 && soloSeeded < soloCount
    const owner = isSolo
      ? {
          businessId: plan.solo.businessId,
          channel: plan.solo.channel,
          products: plan.solo.products,
        }
      : {
          businessId: plan.demo.businessId,
          channel: (random.chance(seedRates.onFirstChannel)
            ? plan.demo.channels[0]
            : plan.demo.channels[1]) as number,
          products: plan.demo.products,
        }
    if (isSolo) soloSeeded++
    const video = rollVideo(context, n, total, owner.products)
    created.push({
      id: write(owner, video),
      channel: owner.channel,
      business: owner.businessId,
      approved: video.columns.status === 'approved',
      products: video.listings
        .filter((listing) => listing.unitId === null)
        .map((listing) => listing.productId),
    })
  }
  seedPlaylists(sandbox, plan, created)
  seedTruth(db, plan, created)
  seedMatches(sandbox, plan, created)
}
