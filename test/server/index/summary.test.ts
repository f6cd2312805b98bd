/**
 * The home page's summary from the index: videos by state, the next 14 days' schedule, and what
 * needs a look, each counted as the service's own lists would count them after videos are
 * published, scheduled, unpublished, archived, emptied and left showing a sold-out product.
 */
import { expect, it } from 'vitest'
import { findVideos } from '../../../server/dashboard/index/index-queries.ts'
import { saveReadinessSettings } from '../../../server/dashboard/index/readiness.ts'
import { channelSummary } from '../../../server/dashboard/index/summary.ts'
import type { Product, SparseVideo } from '../../../src/api/generated/types.gen.ts'
import { indexedSandbox, type startIndexSandbox } from './index-sandbox.ts'

type Env = Awaited<ReturnType<typeof startIndexSandbox>>

const dayMs = 24 * 60 * 60 * 1000
/** Noon UTC, `days` from today: on that UTC day whenever the test runs. */
const noonIn = (days: number) => {
  const now = new Date()
  return new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days, 12),
  ).toISOString()
}

/** Every video of the channel as the service lists it, archived ones too. */
async function listed(env: Env, channel: string) {
  const all: SparseVideo[] = []
  for (const archived of ['false', 'true']) {
    let after = ''
    for (;;) {
      const page = await env.call<{ videos: SparseVideo[]; pagination: { cursor: string | null } }>(
        'GET',
        `/videos?channel_id=${channel}&archived=${archived}&page_size=100&fields=caption,published_at,archived_at,product_ids${after}`,
      )
      all.push(...page.videos)
      if (!page.pagination.cursor) break
      after = `&before=${page.pagination.cursor}`
    }
  }
  return all
}

let soldOut: string
const running = indexedSandbox(60, async (env, channel) => {
  const videos = (await listed(env, channel)).filter((video) => !video.archived_at)
  const [tomorrow, inThreeDays, alsoInThreeDays, nextMonth, live, draft, archived, empty] = videos
  const at = async (video: SparseVideo | undefined, path: string, body?: unknown) =>
    env.call('POST', `/videos/${video?.id}/${path}`, body)
  await at(tomorrow, 'publish', { published_at: noonIn(1) })
  await at(inThreeDays, 'publish', { published_at: noonIn(3) })
  await at(alsoInThreeDays, 'publish', { published_at: noonIn(3) })
  // Scheduled, but past the 14 days the timeline shows.
  await at(nextMonth, 'publish', { published_at: noonIn(20) })
  await at(live, 'publish')
  await at(draft, 'unpublish')
  await at(archived, 'archive')
  await env.call('PATCH', `/videos/${empty?.id}`, { caption: '', product_ids: [] })
  await at(empty, 'publish')
  // A product shown on videos, out of stock on every unit from now on.
  const tagged = videos.find((video) => video !== empty && (video.product_ids?.length ?? 0) > 0)
  soldOut = tagged?.product_ids?.[0] as string
  const product = await env.call<Product>('GET', `/products/${soldOut}`)
  await env.call('POST', '/products', {
    business_store_id: product.business_store_id,
    external_id: product.external_id,
    product_units: product.units.map((unit) => ({ external_id: unit.external_id, quantity: 0 })),
  })
})

it('counts the videos of each state as the service lists them', async () => {
  const summary = await channelSummary(running.opened.db, running.channel)
  const videos = await listed(running.env, running.channel)
  const unarchived = videos.filter((video) => !video.archived_at)
  const count = (test: (video: SparseVideo) => boolean) => unarchived.filter(test).length
  const isLive = (video: SparseVideo) => !!video.published_at && video.published_at <= summary.at
  expect(summary.states).toEqual({
    draft: count((video) => !video.published_at),
    scheduled: count((video) => (video.published_at ?? '') > summary.at),
    live: count(isLive),
    archived: videos.length - unarchived.length,
  })
  expect(summary.states.draft).toBeGreaterThan(0)
  expect(summary.states.archived).toBeGreaterThan(0)
  expect(summary.live_without_product).toBe(
    count((video) => isLive(video) && (video.product_ids ?? []).length === 0),
  )
  expect(summary.live_without_product).toBeGreaterThan(0)
})

it('spreads the videos scheduled over the next 14 UTC days, today first', async () => {
  const summary = await channelSummary(running.opened.db, running.channel)
  const days = summary.scheduled_days.map((each) => each.day)
  expect(days).toHaveLength(14)
  expect(days[0]).toBe(summary.at.slice(0, 10))
  expect(
    new Date(`${days[13]}T00:00:00Z`).getTime() - new Date(`${days[0]}T00:00:00Z`).getTime(),
  ).toBe(13 * dayMs)
  const scheduled = (await listed(running.env, running.channel)).filter(
    (video) => !video.archived_at && (video.published_at ?? '') > summary.at,
  )
  for (const { day, videos } of summary.scheduled_days)
    expect([day, videos]).toEqual([
      day,
      scheduled.filter((video) => video.published_at?.startsWith(day)).length,
    ])
  const byDay = Object.fromEntries(summary.scheduled_days.map((each) => [each.day, each.videos]))
  expect(byDay[noonIn(1).slice(0, 10)]).toBeGreaterThanOrEqual(1)
  expect(byDay[noonIn(3).slice(0, 10)]).toBeGreaterThanOrEqual(2)
  // The one 20 days ahead is scheduled, and on no day of the timeline.
  const onTimeline = summary.scheduled_days.reduce((sum, each) => sum + each.videos, 0)
  expect(summary.states.scheduled).toBeGreaterThan(onTimeline)
})

it('counts the videos with a tag that no longer sells, archived ones too, as tag health lists them', async () => {
  const summary = await channelSummary(running.opened.db, running.channel)
  const showing = (await listed(running.env, running.channel)).filter((video) =>
    video.product_ids?.includes(soldOut),
  )
  expect(showing.length).toBeGreaterThan(0)
  expect(summary.broken_tag_videos).toBe(showing.length)
})

it('counts as many videos needing attention as the library lists under its attention filter', async () => {
  const { db } = running.opened
  const summary = await channelSummary(db, running.channel)
  expect(summary.required).toContain('broken_tag')
  const library = await findVideos(db, {
    channelId: running.channel,
    tags: [],
    match: 'any',
    untagged: false,
    attention: summary.required,
    after: null,
    pageSize: 1,
  })
  expect(summary.attention).toBe(library.pagination.total_entries)
  expect(summary.attention).toBeGreaterThan(0)
})

it('counts the unarchived videos failing a check the team requires, and follows the setting', async () => {
  const { db } = running.opened
  await saveReadinessSettings(db, { required: ['caption', 'product'] }, 'admin@example.com')
  const summary = await channelSummary(db, running.channel)
  const unarchived = (await listed(running.env, running.channel)).filter(
    (video) => !video.archived_at,
  )
  expect(summary.required).toEqual(['caption', 'product'])
  expect(summary.attention).toBe(
    unarchived.filter((video) => !video.caption?.trim() || (video.product_ids ?? []).length === 0)
      .length,
  )
  expect(summary.attention).toBeGreaterThan(0)
  await saveReadinessSettings(db, { required: [] }, 'admin@example.com')
  expect((await channelSummary(db, running.channel)).attention).toBe(0)
})

it('counts nothing for a channel the index does not hold', async () => {
  const summary = await channelSummary(running.opened.db, 'no-such-channel')
  expect(summary.states).toEqual({ draft: 0, scheduled: 0, live: 0, archived: 0 })
  expect(summary.scheduled_days.every((each) => each.videos === 0)).toBe(true)
  expect(summary.broken_tag_videos).toBe(0)
})
