import { dayMs } from '../rules/time.ts'
import {
  campaigns,
  clipsByCategory,
  closers,
  ctaTypes,
  openers,
  plainCaptions,
  shotBy,
  socialSources,
  subtitleLanguages,
  tagPool,
} from './demo-words.ts'
import type { Random } from './random.ts'
import type { SeedClip, SeedPoster, SeedProductRef } from './seed-plan.ts'
import { seedRates as rates } from './seed-rates.ts'

export interface RollContext {
  random: Random
  now: number
  timeScale: number
  clips: SeedClip[]
  posters: SeedPoster[]
  hasSubtitleFile: boolean
  catalog: Map<number, { name: string; category: string }>
}

/** The columns of a demo video's row, but for its id and owner. */
export interface VideoColumns {
  status: 'errored' | 'pending' | 'approved'
  video_type: 'live_stream' | 'video'
  access: 'private' | 'unlisted' | 'public'
  audio_disabled: 0 | 1
  caption: string
  description: string | null
  duration: number | null
  width: number | null
  height: number | null
  size_bytes: number
  hashtags: string
  archived_at: number | null
  published_at: number | null
  action_type: string | null
  action_url: string | null
  action_custom_label: null
  custom_fields: string
  display_social_attributions: 0 | 1
  external_media: string | null
  content_generation_type: 'aigc' | null
  storage_key: string
  thumbnail_url: string | null
  process_after: number | null
  created_event_sent: 0 | 1
  created_at: number
  updated_at: number
}

/** Everything about one demo video, decided before any row is written. */
export interface RolledVideo {
  columns: VideoColumns
  /** Product and unit listings; a listing's position is its index. */
  listings: Array<{ productId: number; unitId: number | null; hidden: boolean }>
  posters: Array<{ image: SeedPoster; weight: number }>
  subtitle: { language: string; closedCaptions: boolean } | null
}

/**
 * Only the newest videos can still be processing: a service works through the last uploads, not a
 * year's. At the rate alone a 100,000-video library had a thousand finishing over its first ten
 * minutes, each one drawn, stored and announced by an embedded sandbox on the dashboard's event
 * loop; now it has a few dozen, as a small one always had.
 */
const stillProcessingAmongNewest = 2_400

/**
 * Rolls the `n`th of `total` demo videos, spread over the past year, oldest first. The rolls
 * happen in a fixed order, so the same seed gives the same library on every machine.
 */
export function rollVideo(
  context: RollContext,
  n: number,
  total: number,
  products: SeedProductRef[],
): RolledVideo {
  const { random, now } = context
  const createdAt = now - Math.round(((total - n) / total) * 365 * dayMs) - random.int(0, 3_600_000)
  const roll = random.next()
  const status =
    roll < rates.errored
      ? 'errored'
      : roll < rates.errored + rates.stillProcessing && total - n <= stillProcessingAmongNewest
        ? 'pending'
        : 'approved'
  const publication = random.next()
  const publishedAt =
    publication < rates.draft
      ? null
      : publication < rates.draft + rates.scheduled
        ? now + random.int(1, 27) * dayMs + random.int(0, dayMs / 2)
        : createdAt + random.int(0, 3_600_000)
  const featured = random.sample(products, random.int(0, 3))
  const leadProduct = featured[0] ? context.catalog.get(featured[0].id) : undefined
  const lead = leadProduct?.name
  // The clip shows the kind of product the caption talks about.
  const clip = clipFor(context, leadProduct?.category)
  const caption = lead
    ? `${random.pick(openers)} ${lead}${random.pick(closers)}`
    : `${random.pick(plainCaptions)} #${n + 1}`
  const hashtags = random.sample(tagPool, random.int(0, 4))
  const hasCta = random.chance(rates.callToAction)
  const custom = random.chance(rates.customFields)
    ? { campaign: random.pick(campaigns), shot_by: random.pick(shotBy) }
    : {}
  const social = random.chance(rates.socialAttribution)
  const approved = status === 'approved'
  const columns: VideoColumns = {
    status,
    video_type: random.chance(rates.liveStream) ? 'live_stream' : 'video',
    access: random.chance(rates.private)
      ? 'private'
      : random.chance(rates.unlisted)
        ? 'unlisted'
        : 'public',
    audio_disabled: random.chance(rates.audioDisabled) ? 1 : 0,
    caption,
    description: random.chance(rates.described)
      ? `${caption}. Shop the look and tap the products in the video.`
      : null,
    duration: approved ? clip.duration : null,
    width: approved ? clip.width : null,
    height: approved ? clip.height : null,
    size_bytes: clip.size,
    hashtags: JSON.stringify(hashtags),
    archived_at: random.chance(rates.archived) ? createdAt + random.int(1, 30) * dayMs : null,
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
          source: random.pick(socialSources),
          url: `https://www.tiktok.com/@creator${n}/video/${7_000_000 + n}`,
          username: `creator${n}`,
          navigation_enabled: true,
        })
      : null,
    content_generation_type: random.chance(rates.aiGenerated) ? 'aigc' : null,
    storage_key: clip.key,
    thumbnail_url: approved ? clip.thumbnail : null,
    // Still-processing demo videos finish over the first minutes of a run, so the library
    // visibly changes while someone watches it.
    process_after:
      status === 'pending' ? now + random.int(20, 600) * (1000 / context.timeScale) : null,
    created_event_sent: status === 'pending' ? 0 : 1,
    created_at: createdAt,
    updated_at: createdAt,
  }
  const listings: RolledVideo['listings'] = featured.map((product) => ({
    productId: product.id,
    unitId: null,
    hidden: random.chance(rates.hiddenListing),
  }))
  const first = featured[0]
  const variant = first?.units[0]
  if (first && variant && random.chance(rates.variantListing))
    listings.push({ productId: first.id, unitId: variant, hidden: false })
  const posters =
    context.posters.length > 0 && random.chance(rates.posters)
      ? random
          .sample(context.posters, random.int(1, context.posters.length))
          .map((image) => ({ image, weight: Math.round(random.next() * 100) / 100 }))
      : []
  const subtitle =
    context.hasSubtitleFile && random.chance(rates.subtitles)
      ? {
          language: random.pick(subtitleLanguages),
          closedCaptions: random.chance(rates.closedCaptions),
        }
      : null
  return { columns, listings, posters, subtitle }
}

function clipFor(context: RollContext, category: string | undefined): SeedClip {
  const fitting = context.clips.filter((clip) =>
    (clipsByCategory[category ?? ''] ?? []).some((word) => clip.key.includes(word)),
  )
  return context.random.pick(fitting.length > 0 ? fitting : context.clips)
}
