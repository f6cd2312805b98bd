/**
 * After the backfill the index follows the service: a webhook's snapshot is applied at once (an
 * older one is not), a read completes what the snapshot lacks, and a reconcile corrects what no
 * webhook told (a video deleted, products changed while events were lost). One replica at a time
 * runs a pass.
 */
import { describe, expect, it } from 'vitest'
import type { Video } from '../../../src/api/generated/types.gen.ts'
import { indexedSandbox } from './index-sandbox.ts'

const running = indexedSandbox(40)

const row = (id: string) =>
  running.opened.db.selectFrom('indexed_videos').selectAll().where('id', '=', id).executeTakeFirst()

const someVideo = async (offset: number) => {
  const videos = await running.env.serviceVideos(running.channel)
  return videos[offset]?.id as string
}

describe('webhooks', () => {
  it('apply a snapshot at once, and a read then completes what it lacks', async () => {
    const id = await someVideo(1)
    const publishAt = new Date(Date.now() + 86_400_000).toISOString()
    await running.env.call('PATCH', `/videos/${id}`, { caption: 'Linen tote, autumn cut' })
    await running.env.call('POST', `/videos/${id}/publish`, { published_at: publishAt })
    await running.pastNewsOf(id)
    await running.opened.index.applyEvent(
      await running.env.eventFor(id, Math.floor(Date.now() / 1000)),
    )
    expect(await row(id)).toMatchObject({ caption: 'Linen tote, autumn cut', partial: 1 })
    await running.opened.index.settled()
    const service = await running.env.call<Video>('GET', `/videos/${id}`)
    expect(await row(id)).toMatchObject({
      partial: 0,
      published_at: new Date(service.published_at ?? 0).toISOString(),
    })
  })

  it('do not apply a snapshot older than what the index holds, delivered late', async () => {
    const id = await someVideo(2)
    const stale = await running.env.eventFor(id, Math.floor(Date.now() / 1000) - 3600)
    await running.env.call('PATCH', `/videos/${id}`, { caption: 'Newer caption' })
    await running.opened.index.applyEvent(
      await running.env.eventFor(id, Math.floor(Date.now() / 1000)),
    )
    await running.opened.index.settled()
    expect(await running.opened.index.applyEvent(stale)).toBe('older')
    expect(await running.opened.index.applyEvent(stale)).toBe('older')
    expect((await row(id))?.caption).toBe('Newer caption')
  })

  it('do not let a late snapshot of the second a read saw undo what the read found', async () => {
    const id = await someVideo(5)
    await running.env.call('PATCH', `/videos/${id}`, { caption: 'Made with this caption' })
    const made = await running.env.eventFor(id, 0)
    await running.env.call('PATCH', `/videos/${id}`, { caption: 'Changed a moment later' })
    await running.opened.index.reread(id)
    // The snapshot was made in the second the read saw (whole seconds cannot order the two).
    const readAt = (await row(id))?.source_at ?? 0
    const late = { ...made, created: Math.floor(readAt / 1000) }
    expect(await running.opened.index.applyEvent(late)).toBe('older')
    expect((await row(id))?.caption).toBe('Changed a moment later')
  })
})

describe('a reconcile', () => {
  it('forgets a deleted video and corrects products changed while no webhook came', async () => {
    const [deleted, retagged] = [await someVideo(3), await someVideo(4)]
    await running.env.call('DELETE', `/videos/${deleted}`)
    const tagged = (await running.env.serviceVideos(running.channel)).find(
      (video) => video.id !== retagged && video.product_ids?.length,
    )
    const products = tagged?.product_ids ?? []
    await running.env.call('PATCH', `/videos/${retagged}`, { product_ids: products })
    expect(await row(deleted)).toBeDefined()

    expect(await running.opened.index.runPass()).toBe(true)

    expect(await row(deleted)).toBeUndefined()
    expect(JSON.parse((await row(retagged))?.product_ids ?? '')).toEqual(products)
    const runs = await running.opened.db
      .selectFrom('index_runs')
      .select(['kind', 'state'])
      .execute()
    expect(runs).toContainEqual({ kind: 'reconcile', state: 'done' })
  })

  it('runs on one replica at a time: a second asking meanwhile is told it is busy', async () => {
    const other = await running.env.openIndex()
    try {
      const first = await running.opened.index.startPass()
      const second = await other.index.startPass()
      expect(first.started).toBe(true)
      expect(second.started).toBe(false)
      if (first.started) await first.done
      const third = await other.index.startPass()
      expect(third.started).toBe(true)
      if (third.started) await third.done
    } finally {
      await other.index.stop()
      await other.db.destroy()
    }
  })
})
