/**
 * The 5% double-review sample and its settling, on SQLite and PostgreSQL: a sampled video stays
 * in the queue for everyone but its first reviewer; the second person's decisions are recorded as
 * `second` and never sent; an admin settles a disagreement by sending the settled set. Audited
 * videos are decided as `audit` and never sampled.
 */
import { describe, expect, it } from 'vitest'
import type { ProductMatchList } from '@/api/generated/types.gen.ts'
import type { ReviewQueueAnswer } from '@/api/review.ts'
import { updateReviewVideo } from '../../../server/dashboard/review/review-videos.ts'
import { bothDatabases } from '../support/both-databases.ts'
import { waitUntil } from '../wait-until.ts'
import { type Person, type ReviewDashboard, reviewDashboardOn } from './review-dashboard.ts'

const byScore = (list: ProductMatchList) =>
  [...list.matches].sort((a, b) => b.matching_score - a.matching_score)

const queued = async (d: ReviewDashboard, who: Person) =>
  (
    await d.ok<ReviewQueueAnswer>(
      who,
      'GET',
      `/api/dashboard/review/queue?channel_id=${d.channelId}&below_floor=true`,
    )
  ).videos

const everySeen = (list: ProductMatchList, accept: (index: number) => boolean) =>
  byScore(list).map((match, index) => ({
    match_id: match.id,
    decision: accept(index) ? 'accepted' : 'rejected',
    ms_taken: 400,
    seen: true,
  }))

describe.each(bothDatabases)('double review on $name', ({ start }) => {
  const dashboard = reviewDashboardOn(start)

  it('keeps a sampled video for a second person, records their decisions without sending them, and an admin settles', async () => {
    const d = dashboard()
    const videoId = d.videoIds[0] as string
    const list = await d.matched(videoId)
    const ranked = byScore(list)
    d.draws.push(0)
    await d.decide(
      'ana',
      videoId,
      everySeen(list, (index) => index === 0),
    )
    const afterAna = await d.matches(videoId)
    // Once the index knows the job was reviewed, only the dashboard's own record keeps it queued.
    await waitUntil(
      async () =>
        !(
          await d.ok<{ videos: { id: string }[] }>(
            'admin',
            'GET',
            `/api/dashboard/index/review-queue?channel_id=${d.channelId}`,
          )
        ).videos.some((video) => video.id === videoId),
      'the index to know the video was reviewed',
    )

    expect((await queued(d, 'ana')).map((video) => video.id)).not.toContain(videoId)
    const forBo = (await queued(d, 'bo')).find((video) => video.id === videoId)
    expect(forBo).toMatchObject({ second: true, pending: ranked.length, premarks: {} })

    // Bo accepts the second suggestion too.
    const second = await d.decide(
      'bo',
      videoId,
      everySeen(list, (index) => index <= 1),
    )
    expect(second.json()).toMatchObject({ dismissed: false })
    expect(await d.matches(videoId)).toEqual(afterAna)
    const bos = (await d.ledger(videoId)).filter((row) => row.reviewer_email === 'bo@example.com')
    expect(bos.map((row) => row.source)).toEqual(ranked.map(() => 'second'))
    expect((await queued(d, 'bo')).map((video) => video.id)).not.toContain(videoId)

    const settle = (who: Person, productIds: unknown[]) =>
      d.as(who, 'POST', `/api/dashboard/review/disagreements/${videoId}/settle`, {
        product_ids: productIds,
      })
    expect((await settle('ana', [ranked[1]?.product.id])).status).toBe(403)
    expect((await settle('admin', ['not-suggested'])).status).toBe(422)
    const settled = await settle('admin', [ranked[1]?.product.id])
    expect(settled.status).toBe(200)
    const statuses = Object.fromEntries(
      (await d.matches(videoId)).matches.map((m) => [m.id, m.status]),
    )
    expect(statuses).toEqual(
      Object.fromEntries(ranked.map((m, i) => [m.id, i === 1 ? 'accepted' : 'rejected'])),
    )
    const tags = await d.tags(videoId)
    expect(tags).toContain(ranked[1]?.product.id)
    expect(tags).not.toContain(ranked[0]?.product.id)

    const ledger = await d.ledger(videoId)
    const standing = ledger.filter((row) => row.undone_at === null && row.source === 'person')
    expect(standing.every((row) => row.reviewer_email === 'admin@example.com')).toBe(true)
    expect(Object.fromEntries(standing.map((row) => [row.match_id, row.decision]))).toEqual(
      Object.fromEntries(ranked.map((m, i) => [m.id, i === 1 ? 'accepted' : 'rejected'])),
    )
    // Both reviewers' rows stay, ana's marked undone: agreement is measured on them.
    expect(ledger.filter((row) => row.reviewer_email === 'ana@example.com')).toHaveLength(
      ranked.length,
    )
    expect(ledger.filter((row) => row.source === 'second')).toHaveLength(ranked.length)
  })

  it('refuses to settle a video nobody reviewed twice', async () => {
    const d = dashboard()
    const videoId = d.videoIds[1] as string
    const list = await d.matched(videoId)
    await d.decide(
      'ana',
      videoId,
      everySeen(list, (index) => index === 0),
    )
    const answer = await d.as(
      'admin',
      'POST',
      `/api/dashboard/review/disagreements/${videoId}/settle`,
      {
        product_ids: [list.matches[0]?.product.id],
      },
    )
    expect(answer.status).toBe(404)
  })

  it('records an audited video as audit, and never samples it', async () => {
    const d = dashboard()
    const videoId = d.videoIds[2] as string
    const list = await d.matched(videoId)
    await updateReviewVideo(d.tables, videoId, { audit: 1 })
    d.draws.push(0)
    await d.decide(
      'ana',
      videoId,
      everySeen(list, (index) => index === 0),
    )
    d.draws.length = 0
    const ledger = await d.ledger(videoId)
    expect(ledger.map((row) => row.source)).toEqual(list.matches.map(() => 'audit'))
    expect((await queued(d, 'bo')).map((video) => video.id)).not.toContain(videoId)
  })
})
