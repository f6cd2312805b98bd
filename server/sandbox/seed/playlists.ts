import type { Sandbox } from '../context.ts'
import type { Statement } from '../db/open.ts'
import { dayMs } from '../rules/time.ts'
import type { SeededVideo, SeedPlan } from './seed-plan.ts'

// Twelve playlists on the demo business's two channels (one with an AI feed and pins, one
// archived), the long one the editor is measured on, and one on the solo business's channel.
export function seedPlaylists(sandbox: Sandbox, plan: SeedPlan, videos: SeededVideo[]) {
  const { db } = sandbox
  const { random, ids } = plan
  const titles = [
    'Homepage hero',
    'Summer lookbook',
    'Best sellers',
    'New arrivals',
    'Skincare routines',
    'Gift guide',
    'Creator picks',
    'Behind the scenes',
    'Sale highlights',
    'Product tutorials',
    'Travel essentials',
    'AI feed: trending now',
  ]
  const insert = db.prepare(
    'INSERT INTO playlists (public_id, business_id, channel_id, name, description, ai_feed_enabled, archived_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  )
  const entry = db.prepare(
    'INSERT INTO playlist_videos (playlist_id, position, video_id, pinned) VALUES (?, ?, ?, ?)',
  )
  titles.forEach((name, index) => {
    const channel =
      index < 9 ? (plan.demo.channels[0] as number) : (plan.demo.channels[1] as number)
    const pool = videos.filter((video) => video.channel === channel)
    const ai = name.startsWith('AI feed')
    const { lastInsertRowid } = insert.run(
      ids(),
      plan.demo.businessId,
      channel,
      name,
      ai ? 'Ranked by the AI feed; pinned videos stay on top.' : `${name} for the storefront.`,
      ai ? 1 : 0,
      index === 7 ? Date.now() - dayMs : null,
      Date.now() - index * dayMs,
    )
    const chosen = random.sample(pool, Math.min(pool.length, random.int(4, 24)))
    for (const [position, video] of chosen.entries()) {
      entry.run(Number(lastInsertRowid), position, video.id, ai && position < 2 ? 1 : 0)
    }
  })
  seedLongPlaylist(plan, videos, insert, entry)
  const soloPool = videos.filter((video) => video.channel === plan.solo.channel)
  const { lastInsertRowid } = insert.run(
    ids(),
    plan.solo.businessId,
    plan.solo.channel,
    'Studio favourites',
    null,
    0,
    null,
    Date.now(),
  )
  for (const [position, video] of soloPool.slice(0, 5).entries()) {
    entry.run(Number(lastInsertRowid), position, video.id, 0)
  }
}

// Up to 1,000 of the first channel's videos in every state (the real case for the editor and
// its benchmark: many rows, some of them hidden from the feed). Newest on the list.
function seedLongPlaylist(
  plan: SeedPlan,
  videos: SeededVideo[],
  insert: Statement,
  entry: Statement,
) {
  const channel = plan.demo.channels[0] as number
  const pool = videos.filter((video) => video.channel === channel)
  const { lastInsertRowid } = insert.run(
    plan.ids(),
    plan.demo.businessId,
    channel,
    'Full catalogue',
    'Every video of the season, in the order the storefront shows them.',
    0,
    null,
    Date.now(),
  )
  const chosen = plan.random.sample(pool, Math.min(pool.length, 1000))
  for (const [position, video] of chosen.entries()) {
    entry.run(Number(lastInsertRowid), position, video.id, 0)
  }
}
