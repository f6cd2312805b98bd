/**
 * One playlist's record (`GET /api/v1/playlists/{id}`, assumed) and the assumed `ai_feed` and
 * `pinned_video_ids` fields: the stored order unfiltered, as the writes of document 2 section 4.2
 * echo it, so the editor can show every video without writing.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Playlist } from '@/api/generated/types.gen.ts'
import { approvedVideoIds, createVideo, walkPages } from './fixtures.ts'
import { expectError, expectStatus, setUpHarness, uniq, type World } from './harness.ts'

const h = setUpHarness()
let world: World
let channelId: string
let videos: string[]

beforeAll(async () => {
  world = await h.world()
  channelId = world.main.channels[0]?.id ?? ''
  videos = await approvedVideoIds(h, channelId, 3)
})

const record = async (id: string, client: 'main' | 'solo' = 'main') =>
  h.api<Playlist>('GET', `/api/v1/playlists/${id}`, { token: await h.token(client) })

async function newPlaylist(videoIds: string[]): Promise<Playlist> {
  const res = await h.api<Playlist>('POST', '/api/v1/playlists', {
    json: { channel_id: channelId, name: uniq('rec'), video_ids: videoIds },
  })
  expectStatus(res, 201)
  h.cleanup(`/api/v1/playlists/${res.json.id}`)
  return res.json
}

describe('GET /api/v1/playlists/{id}', () => {
  it('answers the stored order unfiltered, a video not yet approved included', async () => {
    const processing = await createVideo(h, { channel_id: channelId, caption: uniq('new') })
    const order = [videos[0] ?? '', processing.id, videos[1] ?? '']
    const created = await newPlaylist(order)
    const res = await record(created.id)
    expectStatus(res, 200)
    expect(res.json).toMatchObject({ id: created.id, name: created.name, video_ids: order })
    expect(res.json.updated_at).toBe(created.updated_at)
    const listed = await walkPages(h, '/api/v1/playlists', {
      channel_id: channelId,
      q: created.name,
    })
    expect(listed.flatMap((p) => p.playlists)[0].video_ids).toEqual([videos[0], videos[1]])
  })

  it("gives 403 for another business's playlist and 404 for a deleted one", async () => {
    const playlist = await newPlaylist([])
    expectError(await record(playlist.id, 'solo'), 403)
    expectStatus(await h.api('DELETE', `/api/v1/playlists/${playlist.id}`), 204)
    expectError(await record(playlist.id), 404)
  })

  it('says whether the playlist has an AI feed; a new one has none and no pins', async () => {
    const res = await record((await newPlaylist([videos[0] ?? ''])).id)
    expect(res.json).toMatchObject({ ai_feed: false, pinned_video_ids: [] })
  })
})

describe('pins in the record', () => {
  it('lists pinned videos in playlist order, and a pin follows its video when reordered', async () => {
    const listed: Playlist[] = []
    for (const channel of world.main.channels) {
      const pages = await walkPages(h, '/api/v1/playlists', { channel_id: channel.id })
      listed.push(...pages.flatMap((p) => p.playlists as Playlist[]))
    }
    const ai = listed.find((p) => p.ai_feed)
    if (!ai) throw new Error('the main business needs a playlist with an AI feed')
    const base = `/api/v1/playlists/${ai.id}/videos`
    const before = (await record(ai.id)).json
    const last = before.video_ids.at(-1) ?? ''
    expectStatus(await h.api('POST', `${base}/${last}/pin`), 204)
    const pinned = (await record(ai.id)).json
    expect(pinned.pinned_video_ids).toContain(last)
    expect(pinned.pinned_video_ids).toEqual(
      pinned.video_ids.filter((id) => pinned.pinned_video_ids?.includes(id)),
    )
    const reversed = [...pinned.video_ids].reverse()
    const moved = await h.api<Playlist>('PUT', base, { json: { video_ids: reversed } })
    expectStatus(moved, 200)
    expect(moved.json.video_ids).toEqual(reversed)
    expect(new Set(moved.json.pinned_video_ids)).toEqual(new Set(pinned.pinned_video_ids))
    expect(moved.json.pinned_video_ids?.[0]).toBe(last)
    expectStatus(await h.api('DELETE', `${base}/${last}/pin`), 204)
    expectStatus(await h.api('PUT', base, { json: { video_ids: before.video_ids } }), 200)
    expect((await record(ai.id)).json.pinned_video_ids).toEqual(before.pinned_video_ids)
  })
})
