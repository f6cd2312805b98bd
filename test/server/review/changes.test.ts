/**
 * Changing one of one's last ten decisions and undoing a batch, on SQLite and PostgreSQL: the
 * service is sent the video's new set, a product no longer accepted is taken off the video's tags
 * (the accept never removes one), and the ledger keeps the old row, marked undone.
 */
import { describe, expect, it } from 'vitest'
import type { ProductMatchList } from '@/api/generated/types.gen.ts'
import type { LedgerEntry } from '@/api/review.ts'
import { bothDatabases } from '../support/both-databases.ts'
import { type ReviewDashboard, reviewDashboardOn } from './review-dashboard.ts'

const byScore = (list: ProductMatchList) =>
  [...list.matches].sort((a, b) => b.matching_score - a.matching_score)

const recent = async (d: ReviewDashboard, who: 'ana' | 'bo') =>
  (await d.ok<{ decisions: LedgerEntry[] }>(who, 'GET', '/api/dashboard/review/recent')).decisions

const seenAll = (list: ProductMatchList, accepted: number) =>
  byScore(list).map((match, index) => ({
    match_id: match.id,
    decision: index < accepted ? 'accepted' : 'rejected',
    ms_taken: 700,
    seen: true,
  }))

/** Every suggestion decided, accepting those named. */
const accepting = (list: ProductMatchList, ids: ReadonlySet<string>) =>
  byScore(list).map((match) => ({
    match_id: match.id,
    decision: ids.has(match.id) ? 'accepted' : 'rejected',
    ms_taken: 700,
    seen: true,
  }))

describe.each(bothDatabases)('changes on $name', ({ start }) => {
  const dashboard = reviewDashboardOn(start)

  it("changes one of one's own last ten: the new set sent, the product untagged, the old row undone", async () => {
    const d = dashboard()
    const videoId = d.videoIds[0] as string
    const [top, second, ...rest] = byScore(await d.matched(videoId))
    await d.decide('ana', videoId, [
      { match_id: top?.id, decision: 'accepted', ms_taken: 900, seen: true },
      { match_id: second?.id, decision: 'accepted', ms_taken: 900, seen: true },
    ])
    const mine = await recent(d, 'ana')
    // The suggestions ana never saw are not hers to change.
    expect(mine.map((row) => row.match_id).sort()).toEqual([top?.id, second?.id].sort())
    expect(await recent(d, 'bo')).toEqual([])
    const topRow = mine.find((row) => row.match_id === top?.id) as LedgerEntry
    expect(
      (
        await d.as('bo', 'PUT', `/api/dashboard/review/decisions/${topRow.id}`, {
          decision: 'rejected',
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await d.as('vic', 'PUT', `/api/dashboard/review/decisions/${topRow.id}`, {
          decision: 'rejected',
        })
      ).status,
    ).toBe(403)

    const changed = await d.as('ana', 'PUT', `/api/dashboard/review/decisions/${topRow.id}`, {
      decision: 'rejected',
    })
    expect(changed.status).toBe(200)
    const statuses = Object.fromEntries(
      (await d.matches(videoId)).matches.map((m) => [m.id, m.status]),
    )
    expect(statuses[top?.id as string]).toBe('rejected')
    expect(statuses[second?.id as string]).toBe('accepted')
    for (const match of rest) expect(statuses[match.id]).toBe('rejected')
    const tags = await d.tags(videoId)
    expect(tags).not.toContain(top?.product.id)
    expect(tags).toContain(second?.product.id)

    const ledger = await d.ledger(videoId)
    expect(ledger.find((row) => row.id === topRow.id)?.undone_at).not.toBeNull()
    const now = ledger.filter((row) => row.match_id === top?.id && row.undone_at === null)
    expect(now).toMatchObject([
      { decision: 'rejected', source: 'person', reviewer_email: 'ana@example.com' },
    ])
    const after = await recent(d, 'ana')
    expect(after.map((row) => row.id)).not.toContain(topRow.id)
    expect(after.map((row) => row.id)).toContain(now[0]?.id)
  })

  it('changes only the last ten', async () => {
    const d = dashboard()
    const oldest = (await recent(d, 'ana')).at(-1) as LedgerEntry
    // Ten more seen decisions on other videos push it out.
    let made = 0
    for (const videoId of d.videoIds.slice(1, 5)) {
      if (made >= 10) break
      const list = await d.matched(videoId)
      await d.decide('ana', videoId, seenAll(list, 1))
      made += list.matches.length
    }
    const changed = await d.as('ana', 'PUT', `/api/dashboard/review/decisions/${oldest.id}`, {
      decision: 'rejected',
    })
    expect(changed.status).toBe(404)
    expect(changed.json().error).toMatch(/last ten/)
    expect(await recent(d, 'ana')).toHaveLength(10)
  })

  it('taking back the only accepted suggestion untags it, sends nothing and sets the video aside', async () => {
    const d = dashboard()
    const videoId = d.videoIds[6] as string
    const list = await d.matched(videoId)
    const before = await d.tags(videoId)
    // A product the video did not show yet, so that accepting it tags it.
    const top = byScore(list).find((match) => !before.includes(match.product.id))
    await d.decide('ana', videoId, accepting(list, new Set([top?.id ?? ''])))
    expect(await d.tags(videoId)).toContain(top?.product.id)
    const row = (await recent(d, 'ana')).find((each) => each.match_id === top?.id) as LedgerEntry
    const changed = await d.as('ana', 'PUT', `/api/dashboard/review/decisions/${row.id}`, {
      decision: 'rejected',
    })
    expect(changed.json()).toMatchObject({ dismissed: true })
    expect(await d.tags(videoId)).toEqual(before)
    // The service cannot take an acceptance back; reading the list again notes nothing outside.
    expect((await d.matches(videoId)).matches.find((m) => m.id === top?.id)?.status).toBe(
      'accepted',
    )
    await d.decide('bo', videoId, [
      { match_id: top?.id, decision: 'rejected', ms_taken: 5, seen: true },
    ])
    expect((await d.ledger(videoId)).filter((each) => each.source === 'external')).toEqual([])
  })

  it('undoes a batch: what it added to the tags is untagged, what was tagged before stays, its rows marked undone', async () => {
    const d = dashboard()
    const videoId = d.videoIds[7] as string
    const list = await d.matched(videoId)
    const before = await d.tags(videoId)
    // One suggestion the video already shows and one it does not, both accepted.
    const shown = byScore(list).find((match) => before.includes(match.product.id))
    const fresh = byScore(list).find((match) => !before.includes(match.product.id))
    expect(shown && fresh).toBeTruthy()
    const submitted = await d.decide(
      'bo',
      videoId,
      accepting(list, new Set([shown?.id ?? '', fresh?.id ?? ''])),
    )
    const batch = submitted.json().batch_id as string
    expect(await d.tags(videoId)).toEqual(expect.arrayContaining([fresh?.product.id]))
    expect((await d.as('vic', 'POST', `/api/dashboard/review/batches/${batch}/undo`)).status).toBe(
      403,
    )

    const undone = await d.as('ana', 'POST', `/api/dashboard/review/batches/${batch}/undo`)
    expect(undone.status).toBe(200)
    expect(undone.json()).toEqual({ batch_id: batch, undone: list.matches.length })
    expect(await d.tags(videoId)).toEqual(before)
    expect((await d.ledger(videoId)).every((row) => row.undone_at !== null)).toBe(true)
    expect((await d.as('ana', 'POST', `/api/dashboard/review/batches/${batch}/undo`)).status).toBe(
      404,
    )
  })
})
