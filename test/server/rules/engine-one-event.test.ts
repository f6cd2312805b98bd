/**
 * The rules one event wakes on one video, in priority order: one that matches nothing ends at
 * once with its trace, while one that an earlier rule's action makes match (a product it tags)
 * still acts, in the same event.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Playlist, Video } from '../../../src/api/generated/types.gen.ts'
import { makeMp4 } from '../../support/media/make-mp4.ts'
import { waitUntil } from '../wait-until.ts'
import { type RulesWorld, startRulesWorld } from './rules-world.ts'

let world: RulesWorld

beforeAll(async () => {
  world = await startRulesWorld()
}, 90_000)
afterAll(() => world?.close())

it('acts on what an earlier rule of the same event changed, and ends the rest at once', async () => {
  const { storeId, products } = await world.catalog()
  const [first, tagged] = products as [string, string]
  const playlist = await world.call<Playlist>('POST', '/playlists', {
    channel_id: world.channel,
    name: 'Tagged by the first rule',
  })
  const rule = (name: string, priority: number, conditions: object, actions: object[]) =>
    world.addRule({
      name,
      description: '',
      channel_id: world.channel,
      trigger: { type: 'video_created' },
      // biome-ignore lint/suspicious/noExplicitAny: conditions and actions are the rule schema's
      conditions: { group: 'all', children: [conditions as any] },
      // biome-ignore lint/suspicious/noExplicitAny: conditions and actions are the rule schema's
      actions: actions as any,
      priority,
    })
  const tagging = await rule('Tags', 10, { field: 'hashtag', op: 'has', value: 'chain' }, [
    { type: 'tag', product_ids: [tagged] },
  ])
  const elsewhere = await rule('Elsewhere', 15, { field: 'hashtag', op: 'has', value: 'other' }, [
    { type: 'notify', message: 'Never sent' },
  ])
  const placing = await rule('Places tagged', 20, { field: 'product', op: 'has', value: tagged }, [
    { type: 'playlist_add', playlist_id: playlist.id, position: 'top' },
  ])
  const video = await world.call<Video>('POST', '/videos', {
    channel_id: world.channel,
    caption: 'A chain of rules',
    hashtags: ['chain'],
    product_ids: [first],
    business_store_id: storeId,
    file_base64: makeMp4({ durationSeconds: 5, totalBytes: 48 * 1024 }).toString('base64'),
  })
  await waitUntil(
    async () =>
      (await world.call<Playlist>('GET', `/playlists/${playlist.id}`)).video_ids.includes(video.id),
    'the video placed by the second rule',
    { timeoutMs: 20_000, intervalMs: 100 },
  )
  const [tags] = await world.settledRuns(tagging, 1)
  const [places] = await world.settledRuns(placing, 1)
  const [none] = await world.settledRuns(elsewhere, 1)
  expect(tags).toMatchObject({ video_id: video.id, outcome: 'applied' })
  expect(places).toMatchObject({ video_id: video.id, outcome: 'applied' })
  expect(none).toMatchObject({ video_id: video.id, outcome: 'no_match', steps: [] })
  expect(none?.conditions).toEqual([
    expect.objectContaining({ path: '', result: false }),
    expect.objectContaining({ path: '0', value: ['chain'], result: false }),
  ])
  expect(none?.cause.kind).toBe('video_created')
})
