/**
 * The review queue's filter on the video list, `has_pending_matches` (x-assumed: the documents
 * do not have it). The demo seed leaves some videos with pending AI matches.
 */
import { beforeAll, expect, it } from 'vitest'
import type { ProductMatchList, VideoList } from '@/api/generated/types.gen.ts'
import { expectStatus, setUpHarness } from './harness.ts'

const h = setUpHarness()
let channelId: string
beforeAll(async () => {
  channelId = (await h.world()).main.channels[0]?.id ?? ''
})

const list = async (query: Record<string, string | number | boolean>) => {
  const res = await h.api<VideoList>('GET', '/api/v1/videos', {
    query: { channel_id: channelId, ...query },
  })
  expectStatus(res, 200)
  return res.json
}
const total = (page: VideoList) => page.pagination.total_entries ?? Number.NaN
const matchesOf = async (videoId: string) =>
  (await h.api<ProductMatchList>('GET', `/api/v1/videos/${videoId}/product_matches`)).json

it('lists exactly the videos with a pending match, and drops one once its matches are decided', async () => {
  const pending = await list({ has_pending_matches: true, page_size: 100 })
  const others = await list({ has_pending_matches: false, page_size: 100 })
  const all = await list({ page_size: 1 })
  expect(pending.videos.length).toBeGreaterThan(1)
  expect(total(pending) + total(others)).toBe(total(all))
  for (const video of pending.videos) {
    const { matches } = await matchesOf(video.id)
    expect(matches.some((match) => match.status === 'pending')).toBe(true)
  }
  for (const video of others.videos.slice(0, 10)) {
    const { matches } = await matchesOf(video.id)
    expect(matches.some((match) => match.status === 'pending')).toBe(false)
  }

  const [first] = pending.videos
  const { matches } = await matchesOf(first?.id ?? '')
  const accepted = await h.api('POST', `/api/v1/videos/${first?.id}/product_matches/accept`, {
    json: { product_ids: [matches[0]?.product.id] },
  })
  expectStatus(accepted, 200)
  const after = await list({ has_pending_matches: true, page_size: 100 })
  expect(total(after)).toBe(total(pending) - 1)
  expect(after.videos.map((video) => video.id)).not.toContain(first?.id)
})

it('keeps the filter in links.next and combines it with the others', async () => {
  const page = await list({ has_pending_matches: true, page_size: 2 })
  expect(page.links.next).toContain('has_pending_matches=true')
  const next = await h.api<VideoList>('GET', page.links.next ?? '')
  expectStatus(next, 200)
  const ids = [...page.videos, ...next.json.videos].map((video) => video.id)
  expect(new Set(ids).size).toBe(ids.length)
  const drafts = await list({ has_pending_matches: true, published: false, page_size: 100 })
  const live = await list({ has_pending_matches: true, published: true, page_size: 100 })
  expect(total(drafts) + total(live)).toBe(total(page))
})

it('refuses a value that is not a boolean', async () => {
  const res = await h.api('GET', '/api/v1/videos', {
    query: { channel_id: channelId, has_pending_matches: 'maybe' },
  })
  expectStatus(res, 400)
})
