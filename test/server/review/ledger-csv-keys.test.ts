/**
 * The ledger's CSV export (`GET /api/dashboard/review/ledger.csv`) and each person's review keys
 * (`/api/dashboard/review/keys`), on SQLite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest'
import { defaultKeyMap } from '@/api/review.ts'
import { type DecisionEntry, recordBatch } from '../../../server/dashboard/review/ledger.ts'
import { bothDatabases } from '../support/both-databases.ts'
import { reviewDashboardOn } from './review-dashboard.ts'

const entry = (
  n: number,
  source: DecisionEntry['source'],
  category: string | null = 'Shoes',
): DecisionEntry => ({
  suggestion: {
    match_id: `m${n}`,
    product_id: `p${n}`,
    store_id: 'store-1',
    category,
    score: n % 101,
    rank: 1,
    status: 'pending',
    updated_at: '',
  },
  decision: n % 3 === 0 ? 'rejected' : 'accepted',
  source,
  seen: true,
  msTaken: 1000 + n,
})

describe.each(bothDatabases)('the ledger CSV and review keys on $name', ({ start }) => {
  const dashboard = reviewDashboardOn(start)

  it('exports every decision, a page at a time, filtered by period and source, with no cell a formula', async () => {
    const d = dashboard()
    const early = new Date('2026-01-10T12:00:00Z')
    const late = new Date('2026-02-10T12:00:00Z')
    await recordBatch(d.tables, {
      videoId: 'v-early',
      channelId: null,
      entries: Array.from({ length: 2300 }, (_, n) => entry(n, 'person')),
      decider: { id: 'someone', email: '=cmd@example.com' },
      at: early,
    })
    await recordBatch(d.tables, {
      videoId: 'v-late',
      channelId: null,
      entries: [entry(1, 'auto', '+HYPERLINK("x")'), entry(2, 'floor')],
      decider: null,
      at: late,
    })
    const csv = async (query: string) => {
      const answer = await d.as('vic', 'GET', `/api/dashboard/review/ledger.csv${query}`)
      expect(answer.status).toBe(200)
      expect(answer.headers['content-type']).toMatch(/^text\/csv/)
      const [header, ...rows] = answer.text.trim().split('\r\n')
      return { header, rows }
    }
    const all = await csv('')
    expect(all.header).toMatch(
      /^id,batch_id,decided_at,video_id,.*,score,band,rank,decision,source,seen,reviewer_email,ms_taken,undone_at,undone_by$/,
    )
    expect(all.rows).toHaveLength(2302)
    expect(all.rows[0]).toContain(',v-early,')
    expect(all.rows[0]).toContain(",'=cmd@example.com,")
    expect(all.rows.at(-2)).toContain(`,"'+HYPERLINK(""x"")",`)
    expect((await csv('?source=auto')).rows).toHaveLength(1)
    expect((await csv('?from=2026-02-01')).rows).toHaveLength(2)
    expect((await csv('?to=2026-01-10')).rows).toHaveLength(2300)
    const wrong = await d.as('vic', 'GET', '/api/dashboard/review/ledger.csv?source=guess')
    expect(wrong.status).toBe(400)
  })

  it("keeps each person's own keys, viewers' too, and refuses two actions on one key", async () => {
    const d = dashboard()
    const keysOf = async (who: 'ana' | 'vic') =>
      (await d.ok<{ keys: unknown }>(who, 'GET', '/api/dashboard/review/keys')).keys
    expect(await keysOf('vic')).toEqual(defaultKeyMap)
    const mine = { ...defaultKeyMap, accept: 'KeyY', reject: 'KeyN' }
    const saved = await d.as('vic', 'PUT', '/api/dashboard/review/keys', { keys: mine })
    expect(saved.status).toBe(200)
    expect(await keysOf('vic')).toEqual(mine)
    expect(await keysOf('ana')).toEqual(defaultKeyMap)

    const clash = await d.as('vic', 'PUT', '/api/dashboard/review/keys', {
      keys: { ...mine, next: 'KeyY' },
    })
    expect(clash.status).toBe(400)
    expect(clash.json().error).toMatch(/accept and next are both on KeyY/)
    const { submit: _submit, ...missing } = mine
    expect((await d.as('vic', 'PUT', '/api/dashboard/review/keys', { keys: missing })).status).toBe(
      400,
    )
    expect(await keysOf('vic')).toEqual(mine)
  })
})
