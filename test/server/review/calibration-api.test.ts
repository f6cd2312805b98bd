/**
 * Calibration and the reviewer page over HTTP, on a real dashboard and sandbox (SQLite, where the
 * ledger is read by the index's read threads, and PostgreSQL): people's decisions made through the
 * review reach both, store slices carry the service's names, a double review that disagrees is
 * listed until an admin settles it, viewers read both and settle nothing, bad periods are refused.
 */
import { describe, expect, it } from 'vitest'
import type { BusinessStoreList, ProductMatchList } from '@/api/generated/types.gen.ts'
import { calibrationSchema, reviewersSchema } from '@/api/review.ts'
import { bothDatabases } from '../support/both-databases.ts'
import { reviewDashboardOn } from './review-dashboard.ts'

const byScore = (list: ProductMatchList) =>
  [...list.matches].sort((a, b) => b.matching_score - a.matching_score)

describe.each(bothDatabases)('calibration and reviewers over HTTP on $name', ({ start }) => {
  const dashboard = reviewDashboardOn(start)

  it('counts people’s decisions made through the review, and names the stores', async () => {
    const d = dashboard()
    const videoId = d.videoIds[0] as string
    const [top, ...rest] = byScore(await d.matched(videoId))
    const decided = await d.as('ana', 'POST', `/api/dashboard/review/videos/${videoId}/decisions`, {
      decisions: [
        { match_id: top?.id, decision: 'accepted', ms_taken: 4_000, seen: true },
        ...rest.map((m) => ({ match_id: m.id, decision: 'rejected', ms_taken: 2_000, seen: true })),
      ],
    })
    expect(decided.status, decided.text).toBe(200)

    const answer = await d.as('vic', 'GET', '/api/dashboard/review/calibration')
    expect(answer.status).toBe(200)
    const calibration = calibrationSchema.parse(answer.json())
    expect(calibration.decisions).toBe(rest.length + 1)
    expect(calibration.scores.reduce((sum, s) => sum + s.accepted, 0)).toBe(1)
    expect(calibration.scores.find((s) => s.score === top?.matching_score)?.accepted).toBe(1)
    expect(calibration.pace.median_seconds).toBe(2)

    const stores = await d.ok<BusinessStoreList>('admin', 'GET', '/api/v1/business_stores')
    const storeOf = top?.product.business_store_id
    const name = stores.stores.find((store) => store.id === storeOf)?.name
    expect(name).toBeTruthy()
    expect(calibration.slices.stores).toContainEqual({ id: storeOf, name })
    const sliced = calibrationSchema.parse(
      (
        await d.as(
          'vic',
          'GET',
          `/api/dashboard/review/calibration?store_id=${storeOf}&from=2000-01-01&to=2999-12-31`,
        )
      ).json(),
    )
    expect(sliced.decisions).toBeGreaterThan(0)
    const before = await d.as('vic', 'GET', '/api/dashboard/review/calibration?to=2000-01-01')
    expect(calibrationSchema.parse(before.json()).decisions).toBe(0)
  })

  it('lists a double review that disagrees until an admin settles it; viewers only read', async () => {
    const d = dashboard()
    const videoId = d.videoIds[1] as string
    const [top, next, ...rest] = byScore(await d.matched(videoId))
    const decide = (who: 'ana' | 'bo', accept: string | undefined) =>
      d.ok(who, 'POST', `/api/dashboard/review/videos/${videoId}/decisions`, {
        decisions: [top, next, ...rest].map((m) => ({
          match_id: m?.id,
          decision: m?.id === accept ? 'accepted' : 'rejected',
          ms_taken: 1_500,
          seen: true,
        })),
      })
    d.draws.push(0.01)
    await decide('ana', top?.id)
    await decide('bo', next?.id)

    const reviewers = reviewersSchema.parse(
      (await d.as('vic', 'GET', '/api/dashboard/review/reviewers')).json(),
    )
    expect(reviewers.reviewers.map((r) => r.email)).toEqual(
      expect.arrayContaining(['ana@example.com', 'bo@example.com']),
    )
    expect(reviewers.agreement.pairs).toBe(rest.length + 2)
    const listed = reviewers.disagreements.find((each) => each.video_id === videoId)
    expect(listed).toMatchObject({
      first: { email: 'ana@example.com', accepted: [top?.product.id] },
      second: { email: 'bo@example.com', accepted: [next?.product.id] },
    })
    const { videos } = await d.ok<{ videos: { id: string; caption: string | null }[] }>(
      'admin',
      'GET',
      `/api/v1/videos?channel_id=${d.channelId}&page_size=100&fields=caption`,
    )
    expect(listed?.caption).toBe(videos.find((video) => video.id === videoId)?.caption ?? null)

    const settle = `/api/dashboard/review/disagreements/${videoId}/settle`
    const products = { product_ids: [next?.product.id] }
    expect((await d.as('vic', 'POST', settle, products)).status).toBe(403)
    expect((await d.as('bo', 'POST', settle, products)).status).toBe(403)
    expect((await d.as('admin', 'POST', settle, products)).status).toBe(200)
    const after = reviewersSchema.parse(
      (await d.as('vic', 'GET', '/api/dashboard/review/reviewers')).json(),
    )
    expect(after.disagreements.map((each) => each.video_id)).not.toContain(videoId)
    // The pair still counts for agreement.
    expect(after.agreement.pairs).toBe(reviewers.agreement.pairs)
  })

  it('refuses a period it cannot read, saying why', async () => {
    const d = dashboard()
    for (const path of ['calibration', 'reviewers']) {
      const bad = await d.as('vic', 'GET', `/api/dashboard/review/${path}?from=yesterday`)
      expect(bad.status).toBe(400)
      expect(bad.json().error).toBe('Invalid from: expected a day (YYYY-MM-DD) or a time')
    }
  })
})
