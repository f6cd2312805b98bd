/**
 * Random writes against the sandbox, their webhooks dropped, duplicated, delayed and reordered
 * on the way to the index. Before a reconcile, every video the index has wrong is one it does not
 * claim to know: its row is partial (a read is due) or was last confirmed before the write it
 * missed. After a reconcile the index equals the service. Seeded, so a failure can be replayed.
 */
import { describe, expect, it } from 'vitest'
import type { SparseVideo, VideoEvent } from '../../../src/api/generated/types.gen.ts'
import { indexedSandbox } from './index-sandbox.ts'

const running = indexedSandbox(40)

// mulberry32: a small seeded generator, so each sequence is the same on every run.
function random(seed: number) {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const iso = (value: string | null | undefined) => (value ? new Date(value).toISOString() : null)
const fields = 'caption,product_ids,variant_ids,published_at,archived_at,access'

/** What the service says of each video of the channel, as the index keeps it. */
async function serviceState() {
  const videos: SparseVideo[] = []
  for (const archived of ['false', 'true']) {
    let before = ''
    for (;;) {
      const page = await running.env.call<{
        videos: SparseVideo[]
        pagination: { cursor: string | null }
      }>(
        'GET',
        `/videos?channel_id=${running.channel}&archived=${archived}&page_size=100&fields=${fields}${before}`,
      )
      videos.push(...page.videos)
      if (!page.pagination.cursor) break
      before = `&before=${page.pagination.cursor}`
    }
  }
  return new Map(
    videos.map((video) => [
      video.id,
      JSON.stringify([
        video.caption,
        video.product_ids,
        video.variant_ids,
        iso(video.published_at),
        iso(video.archived_at),
        video.access,
      ]),
    ]),
  )
}

async function indexState() {
  const rows = await running.opened.db
    .selectFrom('indexed_videos')
    .selectAll()
    .where('channel_id', '=', running.channel)
    .execute()
  return new Map(
    rows.map((row) => [
      row.id,
      {
        row,
        state: JSON.stringify([
          row.caption,
          JSON.parse(row.product_ids),
          JSON.parse(row.variant_ids),
          row.published_at,
          row.archived_at,
          row.access,
        ]),
      },
    ]),
  )
}

describe.each([1, 2, 3])('a random sequence of writes (seed %i)', (seed) => {
  it('leaves only differences the index admits, and none after a reconcile', async () => {
    const next = random(seed)
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T
    const ids = [...(await serviceState()).keys()]
    const products = [
      ...new Set(
        [...(await indexState()).values()].flatMap(({ row }) => JSON.parse(row.product_ids)),
      ),
    ] as string[]
    const lastWrite = new Map<string, string>()
    const delayed: VideoEvent[] = []
    const deliver = async (event: VideoEvent) => void (await running.opened.index.applyEvent(event))

    for (let step = 0; step < 30; step++) {
      const id = pick(ids)
      const write = pick(['caption', 'products', 'publish', 'unpublish', 'archive', 'unarchive'])
      if (write === 'caption')
        await running.env.call('PATCH', `/videos/${id}`, { caption: `Seed ${seed} step ${step}` })
      else if (write === 'products')
        await running.env.call('PATCH', `/videos/${id}`, {
          product_ids: products.filter(() => next() < 0.3).slice(0, 4),
        })
      else await running.env.call('POST', `/videos/${id}/${write}`)
      lastWrite.set(id, new Date().toISOString())
      const event = await running.env.eventFor(id, Math.floor(Date.now() / 1000))
      const fate = next()
      if (fate < 0.2) continue // dropped
      if (fate < 0.4) {
        await deliver(event)
        await deliver(event) // duplicated
      } else if (fate < 0.7) delayed.push(event)
      else await deliver(event)
      // Delayed events arrive later, in another order.
      if (delayed.length > 0 && next() < 0.3)
        await deliver(delayed.splice(Math.floor(next() * delayed.length), 1)[0] as VideoEvent)
    }
    for (const event of delayed.reverse()) await deliver(event)
    await running.opened.index.settled()

    const service = await serviceState()
    let differing = 0
    for (const [id, { row, state }] of await indexState()) {
      if (service.get(id) === state) continue
      differing++
      // Wrong, and it says so: not confirmed since the write it missed.
      const admitted = row.partial === 1 || row.confirmed_at < (lastWrite.get(id) ?? '')
      expect({ id, admitted }).toEqual({ id, admitted: true })
    }

    // Some webhooks were lost: the reconcile has something to correct.
    expect(differing).toBeGreaterThan(0)
    expect(await running.opened.index.runPass()).toBe(true)
    const after = await indexState()
    expect(new Map([...after].map(([id, { state }]) => [id, state]))).toEqual(service)
  })
})
