import type { Sandbox } from '../context.ts'
import { dayMs } from '../rules/time.ts'
import type { Random } from './random.ts'

export interface SeedClip {
  key: string
  thumbnail: string | null
  duration: number
  width: number | null
  height: number | null
  size: number
}

export interface SeedPoster {
  url: string
  format: 'jpg' | 'png' | 'webp' | 'gif'
  width: number
  height: number
  aspect_ratio: string
}

interface SeedProductRef {
  id: number
  units: number[]
}

interface SeedPlan {
  ids: () => string
  random: Random
  clips: SeedClip[]
  posters: SeedPoster[]
  subtitle: string | null
  count: number
  demo: { businessId: number; channels: number[]; products: SeedProductRef[] }
  solo: { businessId: number; channel: number; products: SeedProductRef[] }
}

const openers = [
  'Styling the',
  'First look:',
  'Unboxing the',
  'Why we love the',
  '3 ways to wear the',
  'Behind the scenes with the',
  'Get ready with the',
  'Honest review:',
  'Restocked:',
  'Weekend edit with the',
]
const closers = [
  '',
  ' for summer',
  ' in 60 seconds',
  ' (new colours)',
  ' - 50% off this week',
  ' x creator collab',
  ' for the office',
  ' on a budget',
  ' for travel',
  ' at golden hour',
]
const tagPool = [
  '#ootd',
  '#summer',
  '#skincare',
  '#newin',
  '#sale',
  '#grwm',
  'unboxing',
  'review',
  '#homedecor',
  '#sneakers',
  'sustainable',
  '#giftideas',
  '#travel',
  '#behindthescenes',
  '#tutorial',
]
const ctaTypes = ['shop_now', 'learn_more', 'buy_now']
const clipsByCategory: Record<string, string[]> = {
  Apparel: ['tote'],
  Footwear: ['sneakers', 'backpack'],
  Beauty: ['serum'],
  Home: ['mug', 'lamp', 'coffee'],
  Electronics: ['headphones'],
  Accessories: ['tote', 'backpack'],
}
const campaigns = ['spring_launch', 'summer_sale', 'creator_collab', 'evergreen', 'holiday_2026']

// A realistic library: mostly live, plus drafts, scheduled, archived, private, unlisted, errored
// and still-processing videos, many tagged with products, some with posters, subtitles, custom
// fields, CTAs and social attribution.
export function seedVideos(sandbox: Sandbox, plan: SeedPlan) {
  const { db } = sandbox
  const { random, ids } = plan
  const now = Date.now()
  const insert = db.prepare(
    `INSERT INTO videos (public_id, business_id, channel_id, status, video_type, access, audio_disabled, caption, description,
       duration, width, height, size_bytes, hashtags, archived_at, published_at, action_type, action_url, action_custom_label,
       custom_fields, display_social_attributions, external_media, content_generation_type, storage_key, thumbnail_url,
       process_after, created_event_sent, created_at, updated_at)
     VALUES (@public_id, @business_id, @channel_id, @status, @video_type, @access, @audio_disabled, @caption, @description,
       @duration, @width, @height, @size_bytes, @hashtags, @archived_at, @published_at, @action_type, @action_url, @action_custom_label,
       @custom_fields, @display_social_attributions, @external_media, @content_generation_type, @storage_key, @thumbnail_url,
       @process_after, @created_event_sent, @created_at, @updated_at)`,
  )
  const listing = db.prepare(
    'INSERT INTO video_products (video_id, product_id, unit_id, position, hidden, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  )
  const poster = db.prepare(
    `INSERT INTO video_posters (public_id, video_id, url, aspect_ratio, format, width, height, poster_type, source, external_id, weight)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'static', 'api', ?, ?)`,
  )
  const subtitle = db.prepare(
    'INSERT INTO subtitles (public_id, video_id, language, is_cc, format, storage_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  )
  const products = new Map(
    (
      db.prepare('SELECT id, name, category FROM products').all() as Array<{
        id: number
        name: string
        category: string
      }>
    ).map((row) => [row.id, row]),
  )
  const clipFor = (category: string | undefined) => {
    const fitting = plan.clips.filter((clip) =>
      (clipsByCategory[category ?? ''] ?? []).some((word) => clip.key.includes(word)),
    )
    return random.pick(fitting.length > 0 ? fitting : plan.clips)
  }

  const soloCount = Math.min(24, Math.ceil(plan.count / 50))
  const total = plan.count + soloCount
  const created: Array<{
    id: number
    channel: number
    business: number
    approved: boolean
    products: number[]
  }> = []
  for (let n = 0; n < total; n++) {
    const isSolo =
      n % Math.max(1, Math.floor(total / soloCount)) === 0 &&
      created.filter((v) => v.business === plan.solo.businessId).length < soloCount
    const owner = isSolo
      ? {
          businessId: plan.solo.businessId,
          channel: plan.solo.channel,
          products: plan.solo.products,
        }
      : {
          businessId: plan.demo.businessId,
          channel: (random.chance(0.7) ? plan.demo.channels[0] : plan.demo.channels[1]) as number,
          products: plan.demo.products,
        }
    const createdAt =
      now - Math.round(((total - n) / total) * 365 * dayMs) - random.int(0, 3_600_000)
    const roll = random.next()
    const status = roll < 0.015 ? 'errored' : roll < 0.025 ? 'pending' : 'approved'
    const publication = random.next()
    const publishedAt =
      publication < 0.14
        ? null
        : publication < 0.2
          ? now + random.int(1, 27) * dayMs + random.int(0, dayMs / 2)
          : createdAt + random.int(0, 3_600_000)
    const featured = random.sample(owner.products, random.int(0, 3))
    const leadProduct = featured[0] ? products.get(featured[0].id) : undefined
    const lead = leadProduct?.name
    // The clip shows the kind of product the caption talks about.
    const clip = clipFor(leadProduct?.category)
    const caption = lead
      ? `${random.pick(openers)} ${lead}${random.pick(closers)}`
      : `${random.pick(['Studio day', 'Team picks', 'Customer stories', 'Weekly drop', 'Quick tips'])} #${n + 1}`
    const hashtags = random.sample(tagPool, random.int(0, 4))
    const hasCta = random.chance(0.4)
    const custom = random.chance(0.3)
      ? {
          campaign: random.pick(campaigns),
          shot_by: random.pick(['in_house', 'creator', 'agency']),
        }
      : {}
    const social = random.chance(0.1)
    const { lastInsertRowid } = insert.run({
      public_id: ids(),
      business_id: owner.businessId,
      channel_id: owner.channel,
      status,
      video_type: random.chance(0.03) ? 'live_stream' : 'video',
      access: random.chance(0.1) ? 'private' : random.chance(0.03) ? 'unlisted' : 'public',
      audio_disabled: random.chance(0.05) ? 1 : 0,
      caption,
      description: random.chance(0.6)
        ? `${caption}. Shop the look and tap the products in the video.`
        : null,
      duration: status === 'approved' ? clip.duration : null,
      width: status === 'approved' ? clip.width : null,
      height: status === 'approved' ? clip.height : null,
      size_bytes: clip.size,
      hashtags: JSON.stringify(hashtags),
      archived_at: random.chance(0.07) ? createdAt + random.int(1, 30) * dayMs : null,
      published_at: publishedAt,
      action_type: hasCta ? random.pick(ctaTypes) : null,
      action_url: hasCta
        ? `https://shop.aurora.example/collections/${random.pick(campaigns).replaceAll('_', '-')}`
        : null,
      action_custom_label: null,
      custom_fields: JSON.stringify(custom),
      display_social_attributions: social ? 1 : 0,
      external_media: social
        ? JSON.stringify({
            source: random.pick(['tiktok', 'instagram']),
            url: `https://www.tiktok.com/@creator${n}/video/${7_000_000 + n}`,
            username: `creator${n}`,
            navigation_enabled: true,
          })
        : null,
      content_generation_type: random.chance(0.05) ? 'aigc' : null,
      storage_key: clip.key,
      thumbnail_url: status === 'approved' ? clip.thumbnail : null,
      // Still-processing demo videos finish over the first minutes of a run, so the library
      // visibly changes while someone watches it.
      process_after:
        status === 'pending' ? now + random.int(20, 600) * (1000 / sandbox.config.timeScale) : null,
      created_event_sent: status === 'pending' ? 0 : 1,
      created_at: createdAt,
      updated_at: createdAt,
    })
    const id = Number(lastInsertRowid)
    for (const [position, product] of featured.entries()) {
      listing.run(id, product.id, null, position, random.chance(0.1) ? 1 : 0, createdAt)
    }
    const first = featured[0]
    const variant = first?.units[0]
    if (first && variant && random.chance(0.3))
      listing.run(id, first.id, variant, featured.length, 0, createdAt)
    if (plan.posters.length > 0 && random.chance(0.2)) {
      for (const [index, image] of random
        .sample(plan.posters, random.int(1, plan.posters.length))
        .entries()) {
        poster.run(
          ids(),
          id,
          image.url,
          image.aspect_ratio,
          image.format,
          image.width,
          image.height,
          `seed-${index + 1}`,
          Math.round(random.next() * 100) / 100,
        )
      }
    }
    if (plan.subtitle && random.chance(0.1))
      subtitle.run(
        ids(),
        id,
        random.pick(['en', 'en-US', 'fr', 'de']),
        random.chance(0.3) ? 1 : 0,
        'vtt',
        plan.subtitle,
        createdAt,
      )
    created.push({
      id,
      channel: owner.channel,
      business: owner.businessId,
      approved: status === 'approved',
      products: featured.map((p) => p.id),
    })
  }
  seedPlaylists(sandbox, plan, created)
  seedMatches(sandbox, plan, created)
}

function seedPlaylists(
  sandbox: Sandbox,
  plan: SeedPlan,
  videos: Array<{ id: number; channel: number; approved: boolean }>,
) {
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

// Some recent demo videos wait for review with pending AI matches.
function seedMatches(
  sandbox: Sandbox,
  plan: SeedPlan,
  videos: Array<{ id: number; business: number; approved: boolean; products: number[] }>,
) {
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
  for (const video of candidates.filter((_, index) => index % 2 === 0)) {
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
  }
}
