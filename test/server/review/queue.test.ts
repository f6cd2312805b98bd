/**
 * The review queue for people (`GET /api/dashboard/review/queue`) on SQLite and PostgreSQL: the
 * index's videos with suggestions waiting, in three orders, those below the floor hidden unless
 * asked for, auto-accept's pre-marks (never on audited videos), and videos set aside left out.
 */
import { describe, expect, it } from 'vitest'
import type { ProductMatchList } from '@/api/generated/types.gen.ts'
import type { ReviewQueueAnswer } from '@/api/review.ts'
import { updateReviewVideo } from '../../../server/dashboard/review/review-videos.ts'
import { bothDatabases } from '../support/both-databases.ts'
import { type ReviewDashboard, reviewDashboardOn } from './review-dashboard.ts'

const threshold = 70
const floor = 45

const queue = (d: ReviewDashboard, query: string, who: 'vic' | 'ana' = 'vic') =>
  d.ok<ReviewQueueAnswer>(
    who,
    'GET',
    `/api/dashboard/review/queue?channel_id=${d.channelId}&${query}`,
  )

describe.each(bothDatabases)('the queue on $name', ({ start }) => {
  const dashboard = reviewDashboardOn(start)

  it('orders by nearness to the threshold, by top score or by age, the floor hiding what is below it', async () => {
    const d = dashboard()
    await d.ok('admin', 'PUT', '/api/dashboard/review/settings', {
      enabled: false,
      target: 0.95,
      threshold,
      floor,
    })
    const lists = new Map<string, ProductMatchList>()
    for (const id of d.videoIds) lists.set(id, await d.matched(id))
    const scores = (id: string) => (lists.get(id)?.matches ?? []).map((m) => m.matching_score)

    const oldest = await queue(d, 'order=oldest')
    expect(oldest).toMatchObject({ order: 'oldest', threshold, floor })
    const ours = oldest.videos.filter((video) => lists.has(video.id))
    expect(ours.map((video) => video.id).sort()).toEqual([...d.videoIds].sort())
    const index = (
      await d.ok<{ videos: { id: string }[] }>(
        'vic',
        'GET',
        `/api/dashboard/index/review-queue?channel_id=${d.channelId}`,
      )
    ).videos.map((video) => video.id)
    expect(oldest.videos.map((video) => video.id)).toEqual(
      index.filter((id) => oldest.videos.some((v) => v.id === id)),
    )
    let hidden = 0
    for (const video of ours) {
      const above = scores(video.id).filter((score) => score >= floor)
      hidden += scores(video.id).length - above.length
      expect(video).toMatchObject({
        pending: above.length,
        top_score: above.length ? Math.max(...above) : null,
        nearest: above.length ? Math.min(...above.map((s) => Math.abs(s - threshold))) : null,
        second: false,
      })
    }
    expect(hidden).toBeGreaterThan(0)
    expect(oldest.hidden_below_floor).toBe(hidden)

    const byScore = await queue(d, 'order=score')
    const tops = byScore.videos.map((video) => video.top_score ?? -1)
    expect(tops).toEqual([...tops].sort((a, b) => b - a))
    const nearest = await queue(d, 'order=nearest')
    const distances = nearest.videos.map((video) => video.nearest ?? Number.POSITIVE_INFINITY)
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
    // Asked for no order, a reviewer gets the doubtful ones first.
    const unordered = await queue(d, 'below_floor=false')
    expect(unordered.order).toBe('nearest')
    expect(unordered.videos.map((video) => video.id)).toEqual(
      nearest.videos.map((video) => video.id),
    )

    const all = await queue(d, 'order=oldest&below_floor=true')
    expect(all.hidden_below_floor).toBe(0)
    for (const video of all.videos.filter((v) => lists.has(v.id)))
      expect(video.pending).toBe(scores(video.id).length)
  })

  it("shows auto-accept's pre-marks for the suggestions shown, never on an audited video", async () => {
    const d = dashboard()
    const [marked, audited] = d.videoIds as [string, string]
    for (const videoId of [marked, audited]) {
      const list = await d.matched(videoId)
      const premarks = Object.fromEntries(
        list.matches.map((m) => [m.id, m.matching_score >= threshold ? 'accepted' : 'rejected']),
      )
      await updateReviewVideo(d.tables, videoId, {
        premarks: JSON.stringify({ ...premarks, 'not-a-suggestion': 'accepted' }),
        audit: videoId === audited ? 1 : 0,
      })
    }
    const answer = await queue(d, 'order=oldest&below_floor=true')
    const list = await d.matched(marked)
    expect(answer.videos.find((v) => v.id === marked)?.premarks).toEqual(
      Object.fromEntries(
        list.matches.map((m) => [m.id, m.matching_score >= threshold ? 'accepted' : 'rejected']),
      ),
    )
    expect(answer.videos.find((v) => v.id === audited)?.premarks).toEqual({})
  })

  it('leaves out videos auto-accept settled', async () => {
    const d = dashboard()
    const settled = d.videoIds[2] as string
    await updateReviewVideo(d.tables, settled, { state: 'settled' })
    const answer = await queue(d, 'order=oldest&below_floor=true')
    expect(answer.videos.map((video) => video.id)).not.toContain(settled)
  })

  it('checks the channel and the query', async () => {
    const d = dashboard()
    const ask = (query: string) => d.as('vic', 'GET', `/api/dashboard/review/queue?${query}`)
    expect((await ask('')).status).toBe(400)
    expect((await ask('channel_id=../x')).status).toBe(400)
    expect((await ask('channel_id=no-such-channel')).status).toBe(404)
    const wrongOrder = await ask(`channel_id=${d.channelId}&order=random`)
    expect(wrongOrder.status).toBe(400)
    expect(wrongOrder.json().error).toMatch(/order/)
  })
})
