/**
 * The merchandising index (issue 21) against a sandbox on a real database: a backfill reads
 * every channel's videos and every store's products (counting the requests it sent, and no one
 * else's), and the product filter answers from it exactly what the service's own lists say.
 */
import { describe, expect, it } from 'vitest'
import { findVideos } from '../../../server/dashboard/index/index-queries.ts'
import { indexedSandbox } from './index-sandbox.ts'

const running = indexedSandbox(80)

async function everyPage(filter: Omit<Parameters<typeof findVideos>[1], 'after' | 'pageSize'>) {
  const ids: string[] = []
  let after: string | null = null
  do {
    const page = await findVideos(running.opened.db, { ...filter, after, pageSize: 7 })
    ids.push(...page.videos.map((video) => video.id))
    after = page.pagination.cursor
  } while (after)
  return ids
}

describe('the backfill', () => {
  it('holds every video of every channel, archived ones too, with its products and variants', async () => {
    for (const channel of running.channels) {
      const service = await running.env.serviceVideos(channel)
      const rows = await running.opened.db
        .selectFrom('indexed_videos')
        .select(['id', 'product_ids', 'variant_ids', 'caption'])
        .where('channel_id', '=', channel)
        .execute()
      expect(rows.map((row) => row.id).sort()).toEqual(service.map((video) => video.id).sort())
      const byId = new Map(rows.map((row) => [row.id, row]))
      for (const video of service) {
        const row = byId.get(video.id)
        expect(JSON.parse(row?.product_ids ?? '')).toEqual(video.product_ids)
        expect(JSON.parse(row?.variant_ids ?? '')).toEqual(video.variant_ids)
        expect(row?.caption).toBe(video.caption)
      }
    }
  })

  it('holds every product of every store, and records its run with the requests it made', async () => {
    const stores = await running.env.call<{ stores: { id: string }[] }>(
      'GET',
      '/business_stores?page_size=100',
    )
    let expected = 0
    for (const store of stores.stores) {
      let before = ''
      for (;;) {
        const page = await running.env.call<{
          products: unknown[]
          pagination: { cursor: string | null }
        }>('GET', `/products?business_store_id=${store.id}&page_size=100${before}`)
        expected += page.products.length
        if (!page.pagination.cursor) break
        before = `&before=${page.pagination.cursor}`
      }
    }
    const indexed = await running.opened.db
      .selectFrom('indexed_products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('gone_at', 'is', null)
      .executeTakeFirstOrThrow()
    expect(Number(indexed.n)).toBe(expected)
    const run = await running.opened.db
      .selectFrom('index_runs')
      .selectAll()
      .executeTakeFirstOrThrow()
    expect(run).toMatchObject({ kind: 'backfill', state: 'done', products: expected })
    expect(run.requests).toBe(running.opened.reader.requests)
  })

  it('counts in a pass only what the pass sent, not what others read meanwhile', async () => {
    const { reader, index, db } = running.opened
    const before = reader.requests
    const pass = await index.startPass()
    if (!pass.started) throw new Error('another pass was running')
    const others = Array.from({ length: 5 }, () => reader.get('/api/v1/channels'))
    await Promise.all([pass.done, ...others])
    const last = await db
      .selectFrom('index_runs')
      .select(['kind', 'requests'])
      .orderBy('started_at', 'desc')
      .executeTakeFirstOrThrow()
    expect(last.kind).toBe('reconcile')
    expect(last.requests).toBe(reader.requests - before - others.length)
  })
})

describe('the product filter', () => {
  it('finds the videos showing any, or all, of some products, and the untagged ones', async () => {
    const channel = running.channels[0] as string
    const service = await running.env.serviceVideos(channel)
    const tagged = service.filter((video) => (video.product_ids?.length ?? 0) >= 2)
    expect(tagged.length).toBeGreaterThan(0)
    const [first, second] = tagged[0]?.product_ids ?? []
    const pair = [first, second] as string[]
    const shows = (id: string) => service.filter((video) => video.product_ids?.includes(id))
    const anyOf = new Set(
      [...shows(pair[0] as string), ...shows(pair[1] as string)].map((v) => v.id),
    )
    const allOf = service.filter((video) => pair.every((id) => video.product_ids?.includes(id)))
    const untagged = service.filter((video) => video.product_ids?.length === 0)

    const base = { channelId: channel, untagged: false, match: 'any' as const }
    expect((await everyPage({ ...base, tags: pair })).sort()).toEqual([...anyOf].sort())
    expect((await everyPage({ ...base, tags: pair, match: 'all' })).sort()).toEqual(
      allOf.map((video) => video.id).sort(),
    )
    expect((await everyPage({ ...base, tags: [], untagged: true })).sort()).toEqual(
      untagged.map((video) => video.id).sort(),
    )
  })

  it('finds a video by one of its variants', async () => {
    const channel = running.channels[0] as string
    const service = await running.env.serviceVideos(channel)
    const withVariant = service.find((video) => (video.variant_ids?.length ?? 0) > 0)
    expect(withVariant).toBeDefined()
    const variant = withVariant?.variant_ids?.[0] as string
    const expected = service.filter((video) => video.variant_ids?.includes(variant))
    const found = await everyPage({
      channelId: channel,
      tags: [variant],
      match: 'any',
      untagged: false,
    })
    expect(found.sort()).toEqual(expected.map((video) => video.id).sort())
  })
})
