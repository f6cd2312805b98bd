/**
 * A person's decisions through the dashboard (`POST /api/dashboard/review/videos/:id/decisions`)
 * on SQLite and PostgreSQL: the service's accept under its replacement rule, the ledger's rows
 * (seen and unseen), dismissal, a changed list refused, decisions made elsewhere noted once, and
 * the ledger kept across a restart.
 */
import { describe, expect, it } from 'vitest'
import type { ProductMatchList } from '@/api/generated/types.gen.ts'
import { bothDatabases } from '../support/both-databases.ts'
import { type ReviewDashboard, reviewDashboardOn } from './review-dashboard.ts'

const byScore = (list: ProductMatchList) =>
  [...list.matches].sort((a, b) => b.matching_score - a.matching_score)

const ledgerOf = (d: ReviewDashboard, videoId: string) => d.ledger(videoId)

/** The CSV's rows for one video, as objects by column. */
async function csvRows(d: ReviewDashboard, videoId: string) {
  const text = (await d.as('vic', 'GET', '/api/dashboard/review/ledger.csv')).text
  const [header, ...lines] = text.trim().split('\r\n')
  const names = (header ?? '').split(',')
  return lines
    .map((line) => Object.fromEntries(line.split(',').map((cell, i) => [names[i], cell])))
    .filter((row) => row.video_id === videoId)
}

describe.each(bothDatabases)('decisions on $name', ({ start }) => {
  const dashboard = reviewDashboardOn(start)
  const decide: ReviewDashboard['decide'] = (...args) => dashboard().decide(...args)

  it('sends the accept and records each suggestion: seen ones as decided, the rest as unseen rejections', async () => {
    const d = dashboard()
    const videoId = d.videoIds[0] as string
    const ranked = byScore(await d.matched(videoId))
    expect(ranked.length).toBeGreaterThanOrEqual(3)
    const [top, second] = ranked
    const answer = await decide('ana', videoId, [
      { match_id: top?.id, decision: 'accepted', ms_taken: 1200, seen: true },
      { match_id: second?.id, decision: 'rejected', ms_taken: 800, seen: true },
    ])
    expect(answer.status).toBe(200)
    expect(answer.json()).toMatchObject({ dismissed: false })

    const after = await d.matches(videoId)
    for (const match of after.matches)
      expect([match.id, match.status]).toEqual([
        match.id,
        match.id === top?.id ? 'accepted' : 'rejected',
      ])
    expect(await d.tags(videoId)).toContain(top?.product.id)

    const ledger = await ledgerOf(d, videoId)
    expect(ledger).toHaveLength(ranked.length)
    for (const [index, match] of ranked.entries()) {
      const row = ledger.find((entry) => entry.match_id === match.id)
      expect(row).toMatchObject({
        product_id: match.product.id,
        score: match.matching_score,
        rank: index + 1,
        decision: match.id === top?.id ? 'accepted' : 'rejected',
        source: 'person',
        reviewer_email: 'ana@example.com',
        undone_at: null,
      })
    }
    const csv = await csvRows(d, videoId)
    const seen = Object.fromEntries(csv.map((row) => [row.match_id, [row.seen, row.ms_taken]]))
    expect(seen[top?.id as string]).toEqual(['1', '1200'])
    expect(seen[second?.id as string]).toEqual(['1', '800'])
    for (const match of ranked.slice(2)) expect(seen[match.id]).toEqual(['0', ''])
  })

  it('refuses decisions on suggestions the list no longer has, recording and sending nothing', async () => {
    const d = dashboard()
    const videoId = d.videoIds[1] as string
    const list = await d.matched(videoId)
    const answer = await decide('ana', videoId, [
      { match_id: list.matches[0]?.id, decision: 'accepted', ms_taken: 10, seen: true },
      { match_id: 'gone-since', decision: 'rejected', ms_taken: 10, seen: true },
    ])
    expect(answer.status).toBe(409)
    expect(answer.json().error).toMatch(/suggestions changed since they were shown.*gone-since/)
    expect(await ledgerOf(d, videoId)).toEqual([])
    expect((await d.matches(videoId)).matches.every((m) => m.status === 'pending')).toBe(true)
  })

  it('dismisses a video whose every suggestion is rejected: nothing sent, the queue lets it go', async () => {
    const d = dashboard()
    const videoId = d.videoIds[2] as string
    const list = await d.matched(videoId)
    const queued = async () =>
      (
        await d.ok<{ videos: { id: string }[] }>(
          'vic',
          'GET',
          `/api/dashboard/review/queue?channel_id=${d.channelId}&below_floor=true`,
        )
      ).videos.map((video) => video.id)
    expect(await queued()).toContain(videoId)
    const answer = await decide(
      'ana',
      videoId,
      list.matches.map((m) => ({
        match_id: m.id,
        decision: 'rejected',
        ms_taken: 500,
        seen: true,
      })),
    )
    expect(answer.json()).toMatchObject({ dismissed: true })
    expect((await d.matches(videoId)).matches.every((m) => m.status === 'pending')).toBe(true)
    expect((await ledgerOf(d, videoId)).map((row) => row.decision)).toEqual(
      list.matches.map(() => 'rejected'),
    )
    expect(await queued()).not.toContain(videoId)
  })

  it('lets viewers read the ledger but not decide', async () => {
    const d = dashboard()
    const videoId = d.videoIds[3] as string
    const list = await d.matched(videoId)
    const answer = await decide('vic', videoId, [
      { match_id: list.matches[0]?.id, decision: 'accepted', ms_taken: 10, seen: true },
    ])
    expect(answer.status).toBe(403)
    expect((await d.matches(videoId)).matches.every((m) => m.status === 'pending')).toBe(true)
    expect(await ledgerOf(d, videoId)).toEqual([])
  })

  it('notes a decision made outside the review once, as external, and still records the person', async () => {
    const d = dashboard()
    const videoId = d.videoIds[4] as string
    const ranked = byScore(await d.matched(videoId))
    // The queue reads the list as it is: nothing decided yet.
    await d.ok(
      'vic',
      'GET',
      `/api/dashboard/review/queue?channel_id=${d.channelId}&below_floor=true`,
    )
    const chosen = ranked.at(-1)
    await d.ok('admin', 'POST', `/api/v1/videos/${videoId}/product_matches/accept`, {
      product_ids: [chosen?.product.id],
    })
    const answer = await decide('bo', videoId, [
      { match_id: chosen?.id, decision: 'accepted', ms_taken: 300, seen: true },
    ])
    expect(answer.status).toBe(200)
    const ledger = await ledgerOf(d, videoId)
    const external = ledger.filter((row) => row.source === 'external')
    expect(external.map((row) => [row.match_id, row.decision]).sort()).toEqual(
      ranked.map((m) => [m.id, m.id === chosen?.id ? 'accepted' : 'rejected']).sort(),
    )
    expect(ledger.filter((row) => row.source === 'person')).toHaveLength(1)
    // Read again: nothing more is noted.
    await d.ok(
      'vic',
      'GET',
      `/api/dashboard/review/queue?channel_id=${d.channelId}&below_floor=true`,
    )
    await decide('bo', videoId, [
      { match_id: chosen?.id, decision: 'accepted', ms_taken: 1, seen: true },
    ])
    expect((await ledgerOf(d, videoId)).filter((row) => row.source === 'external')).toHaveLength(
      ranked.length,
    )
  })

  it('keeps the ledger when a new dashboard opens the same database', async () => {
    const d = dashboard()
    const before = await ledgerOf(d, d.videoIds[0] as string)
    expect(before.length).toBeGreaterThan(0)
    await d.restart()
    expect(await ledgerOf(d, d.videoIds[0] as string)).toEqual(before)
  })
})
