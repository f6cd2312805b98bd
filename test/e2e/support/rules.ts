import { expect } from 'vitest'
import type {
  BusinessStore,
  Playlist,
  Product,
  Video,
  VideoList,
} from '@/api/generated/types.gen.ts'
import type { Rule, RuleDefinition, RulePreview, RuleRunPage } from '@/api/rules.ts'
import { waitUntil } from '../../server/wait-until.ts'
import { makeMp4 } from '../../support/media/make-mp4.ts'
import type { RunningApp } from './app.ts'
import { api } from './service-api.ts'

// The merchandiser's world (issue 37): an Outdoor store with a product, a Summer playlist
// of two videos, and one video already tagged with that product and #summer. Made through the
// dashboard's forwarding to the service, as the app would; the page must be on the dashboard.

export interface SummerWorld {
  channelId: string
  store: BusinessStore
  product: Product
  playlist: Playlist
  /** A library video made to match: #summer, tagged with the Outdoor product. */
  matching: Video
}

export async function summerWorld(app: RunningApp): Promise<SummerWorld> {
  const { channels } = await api<{ channels: Array<{ id: string }> }>(
    app,
    'GET',
    '/api/v1/channels',
  )
  const channelId = channels[0]?.id ?? ''
  const store = await api<BusinessStore>(app, 'POST', '/api/v1/business_stores', {
    name: 'Outdoor',
    currency: 'USD',
    uid: `outdoor-${Date.now()}`,
    url: 'https://outdoor.example',
  })
  const product = await api<Product>(app, 'POST', '/api/v1/products', {
    business_store_id: store.id,
    external_id: 'TRAIL-PACK-1',
    name: 'Trail Backpack',
    brand: 'Ridgeline',
    category: 'Bags',
    price: 89,
    quantity: 12,
  })
  const { videos } = await api<VideoList>(
    app,
    'GET',
    `/api/v1/videos?channel_id=${channelId}&status=approved&published=true&page_size=3&fields=caption`,
  )
  expect(videos).toHaveLength(3)
  const [first, second, third] = videos as [Video, Video, Video]
  const playlist = await api<Playlist>(app, 'POST', '/api/v1/playlists', {
    channel_id: channelId,
    name: 'Summer',
    video_ids: [first.id, second.id],
  })
  const matching = await api<Video>(app, 'PATCH', `/api/v1/videos/${third.id}`, {
    hashtags: ['#summer'],
    business_store_id: store.id,
    product_ids: [product.id],
  })
  return { channelId, store, product, playlist, matching }
}

/** The rule, as the editor writes it. */
export const summerRule = (world: SummerWorld, name = 'Summer to the top'): RuleDefinition => ({
  name,
  description: '',
  channel_id: world.channelId,
  trigger: { type: 'video_created' },
  conditions: {
    group: 'all',
    children: [
      { field: 'hashtag', op: 'has', value: 'summer' },
      { field: 'product_facet', facet: 'store', op: 'any_is', value: world.store.id },
    ],
  },
  actions: [{ type: 'playlist_add', playlist_id: world.playlist.id, position: 'top' }],
  priority: 100,
})

/** Waits until the dashboard's index knows the matching video as the rule sees it. */
export async function indexKnowsMatch(app: RunningApp, world: SummerWorld) {
  await waitUntil(
    async () => {
      const preview = await api<RulePreview>(app, 'POST', '/api/dashboard/rules/preview', {
        definition: summerRule(world),
      })
      return preview.videos.some((video) => video.id === world.matching.id)
    },
    'the index to know the video tagged with the Outdoor product',
    { timeoutMs: 15_000, intervalMs: 250 },
  )
}

/** The summer world made from the rules screen, once the index knows its matching video. */
export async function indexedSummerWorld(app: RunningApp): Promise<SummerWorld> {
  await app.page.goto(`${app.url}/rules`)
  const world = await summerWorld(app)
  await indexKnowsMatch(app, world)
  return world
}

/** The summer rule saved through the rules API, and switched on when `on`. */
export async function savedSummerRule(app: RunningApp, world: SummerWorld, on: boolean) {
  const { rule } = await api<{ rule: Rule }>(
    app,
    'POST',
    '/api/dashboard/rules/rules',
    summerRule(world),
  )
  if (on) await api(app, 'POST', `/api/dashboard/rules/rules/${rule.id}/enabled`, { enabled: true })
  return rule
}

/** A new video of the channel with #summer and the Outdoor product, through the service's API. */
export const newSummerVideo = (app: RunningApp, world: SummerWorld, caption: string) =>
  api<Video>(app, 'POST', '/api/v1/videos', {
    channel_id: world.channelId,
    caption,
    hashtags: ['#summer'],
    business_store_id: world.store.id,
    product_ids: [world.product.id],
    file_base64: makeMp4({ durationSeconds: 5, totalBytes: 48 * 1024 }).toString('base64'),
  })

export const playlistOrder = (app: RunningApp, playlistId: string) =>
  api<Playlist>(app, 'GET', `/api/v1/playlists/${playlistId}`).then(
    (playlist) => playlist.video_ids,
  )

/**
 * The summer rule saved and applied to what it matches now, once its applied run is in the
 * traces: the rule and that run's id.
 */
export async function appliedSummerRule(app: RunningApp): Promise<{ rule: Rule; runId: string }> {
  const rule = await savedSummerRule(app, await indexedSummerWorld(app), false)
  await api(app, 'POST', `/api/dashboard/rules/rules/${rule.id}/apply`, { confirm: false })
  let runId = ''
  await waitUntil(
    async () => {
      const { runs } = await api<RuleRunPage>(
        app,
        'GET',
        `/api/dashboard/rules/runs?rule_id=${rule.id}&outcome=applied`,
      )
      runId = runs[0]?.id ?? ''
      return runId !== ''
    },
    'the applied run',
    { timeoutMs: 15_000, intervalMs: 200 },
  )
  return { rule, runId }
}
