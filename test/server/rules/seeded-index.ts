import type { Kysely } from 'kysely'
import type { DashboardDb, DashboardTables } from '../../../server/dashboard/db/database.ts'
import type { ReviewTableMap } from '../../../server/dashboard/review/review-context.ts'
import type { PendingSuggestions } from '../../../server/dashboard/rules/rules-deps.ts'

/** The review's suggestions waiting for a person, as compose.ts gives them to the rules. */
export const pendingSuggestions: PendingSuggestions = (db) =>
  db
    .withTables<ReviewTableMap>()
    .selectFrom('review_suggestions')
    .select(['video_id', 'score'])
    .where('status', '=', 'pending')

/** A small, fast generator of numbers from a fixed seed (mulberry32), so failures repeat. */
export function seeded(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  const int = (below: number) => Math.floor(next() * below)
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T
  const chance = (p: number) => next() < p
  return { next, int, pick, chance }
}
export type Random = ReturnType<typeof seeded>

export const channel = 'ch-rules'
export const now = new Date('2025-06-15T12:00:00.000Z')
const day = 86_400_000
const at = (days: number) => new Date(now.getTime() + days * day).toISOString()

/** Words the videos and the conditions share, in several cases and scripts. */
export const words = [
  'Summer',
  'summer',
  'SUMMER',
  'trail',
  'Trail pack',
  'café',
  'Café',
  'sale',
  '50%',
  'a_b',
  '(new)',
  'x.y',
  'hike',
  'Ünïcode',
] as const
export const brands = ['Acme', 'ACME', 'acme', 'Björk', 'North'] as const
export const categories = ['Bags', 'bags', 'Shoes', 'Tents & Tarps'] as const
export const stores = ['store-outdoor', 'store-city', 'store-Outdoor'] as const
export const hashtags = ['summer', 'Summer', '#sale', 'outdoor', 'café', 'CAFÉ', 'x_y'] as const
export const productIds = Array.from({ length: 30 }, (_, n) => `prod-${n}`)
/** Tagged by some videos, unknown to the index. */
export const unknownProducts = ['prod-gone-1', 'prod-gone-2']
export const variantIds = ['var-1', 'var-2', 'var-3']

function text(random: Random): string | null {
  if (random.chance(0.1)) return null
  if (random.chance(0.05)) return ''
  const parts = Array.from({ length: 1 + random.int(4) }, () => random.pick(words))
  // Some hold a newline, where `.` differs between the databases unless translated.
  return parts.join(random.chance(0.15) ? '\n' : ' ')
}

/**
 * An index of `count` videos in one channel (and a few in another), with products, tags and
 * suggestions drawn from `seed`: every field the conditions read, nulls and edge cases included.
 */
export async function seedIndex(db: DashboardDb, seed: number, count = 200) {
  const random = seeded(seed)
  const products = productIds.map((id) => ({
    id,
    store_id: random.pick(stores),
    name: id,
    brand: random.chance(0.15) ? null : random.pick(brands),
    category: random.chance(0.15) ? null : random.pick(categories),
    currency: 'EUR',
    identifiers: id,
    image_urls: '[]',
    unit_ids: '[]',
    price_min: random.chance(0.2) ? null : random.pick([0, 9.99, 20, 49.5, 120]),
    price_max: null,
    quantity: null,
    in_stock: random.chance(0.25) ? 0 : 1,
    seen_at: at(-1),
    gone_at: random.chance(0.1) ? at(-1) : null,
  }))
  await db.insertInto('indexed_products').values(products).execute()
  const videos = []
  const tags = []
  const suggestions = []
  for (let n = 0; n < count; n++) {
    const id = `vid-${String(n).padStart(4, '0')}`
    const tagged = [
      ...new Set(
        Array.from({ length: random.int(4) }, () =>
          random.chance(0.1) ? random.pick(unknownProducts) : random.pick(productIds),
        ),
      ),
    ]
    const variants = random.chance(0.2) ? [random.pick(variantIds)] : []
    videos.push({
      id,
      channel_id: n % 25 === 24 ? 'ch-other' : channel,
      caption: text(random),
      description: text(random),
      hashtags: JSON.stringify([
        ...new Set(Array.from({ length: random.int(3) }, () => random.pick(hashtags))),
      ]),
      access: random.pick(['public', 'private', 'unlisted'] as const),
      published_at: random.chance(0.3) ? null : at(random.int(60) - 45),
      archived_at: random.chance(0.1) ? at(-random.int(10)) : null,
      created_at: random.chance(0.2) ? null : at(-random.int(400)),
      duration: random.chance(0.1) ? null : random.pick([3, 15, 30.5, 60, 600]),
      thumbnail_url: null,
      poster_count: random.int(3),
      product_ids: JSON.stringify(tagged),
      variant_ids: JSON.stringify(variants),
      product_count: tagged.length,
      status: null,
      source_at: now.getTime(),
      sort_key: count - n,
      confirmed_at: at(0),
      partial: 0,
    })
    for (const tag of tagged) tags.push({ tag_id: tag, video_id: id, kind: 'product' as const })
    for (const tag of variants) tags.push({ tag_id: tag, video_id: id, kind: 'variant' as const })
    for (let s = random.int(4); s > 0; s--)
      suggestions.push({
        video_id: id,
        match_id: `${id}-m${s}`,
        product_id: random.pick(productIds),
        store_id: null,
        category: null,
        score: random.int(101),
        status: random.pick(['pending', 'pending', 'accepted', 'rejected'] as const),
        read_at: now.getTime(),
      })
  }
  // Bounded batches keep under SQLite's limit on bound values.
  for (let start = 0; start < videos.length; start += 100)
    await db
      .insertInto('indexed_videos')
      .values(videos.slice(start, start + 100))
      .execute()
  for (let start = 0; start < tags.length; start += 500)
    await db
      .insertInto('indexed_video_tags')
      .values(tags.slice(start, start + 500))
      .execute()
  const review = (db as Kysely<DashboardTables>).withTables<ReviewTableMap>()
  for (let start = 0; start < suggestions.length; start += 500)
    await review
      .insertInto('review_suggestions')
      .values(suggestions.slice(start, start + 500))
      .execute()
  return videos.map((video) => video.id)
}
