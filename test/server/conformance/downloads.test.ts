/** Downloads: document 1 sections 2.8, 4.11, 7 (download rows) and 8 (1 to 50 IDs). */
import { beforeAll, describe, expect, it } from 'vitest'
import { approvedVideoIds, createVideo } from './fixtures.ts'
import { expectError, expectStatus, setUpHarness, uniq } from './harness.ts'

const h = setUpHarness()
let channelId: string
let ids: string[]
let soloVideo: string

beforeAll(async () => {
  channelId = (await h.world()).main.channels[0]?.id ?? ''
  ids = await approvedVideoIds(h, channelId, 3)
  soloVideo = (await createVideo(h, { caption: uniq('solo') }, { client: 'solo' })).id
})

const batch = (json: unknown, token?: string) =>
  h.api('POST', '/api/v1/videos/download_urls', { json, token })

describe('GET /api/v1/videos/{id}/download', () => {
  it('returns the download record of an approved video', async () => {
    const res = await h.api('GET', `/api/v1/videos/${ids[0]}/download`)
    expectStatus(res, 200)
    expect(res.json.download_url).toMatch(/^https?:\/\//)
    for (const key of ['format', 'width', 'height', 'duration'])
      expect(res.json).toHaveProperty(key)
  })

  it('gives 402 when the business lacks content_download', async () => {
    const token = await h.token('solo')
    expectError(await h.api('GET', `/api/v1/videos/${soloVideo}/download`, { token }), 402)
  })

  it("gives 403 for another business's video and 404 for a deleted one", async () => {
    expectError(await h.api('GET', `/api/v1/videos/${soloVideo}/download`), 403)
    const gone = await createVideo(h, { channel_id: channelId, caption: uniq('dl') })
    expectStatus(await h.api('DELETE', `/api/v1/videos/${gone.id}`), 204)
    expectError(await h.api('GET', `/api/v1/videos/${gone.id}/download`), 404)
  })
})

describe('POST /api/v1/videos/download_urls', () => {
  it('returns records with ids in the requested order', async () => {
    const order = [ids[2], ids[0], ids[1]]
    const res = await batch({ video_ids: order })
    expectStatus(res, 200)
    expect(res.json.videos.map((v: { id: string }) => v.id)).toEqual(order)
    for (const item of res.json.videos) {
      expect(item).toHaveProperty('download_url')
      expect(item).toHaveProperty('format')
    }
  })

  it('accepts 50 IDs and refuses 0, 51 or a missing list (400)', async () => {
    const all = await approvedVideoIds(h, channelId, 1)
    const fifty = Array.from({ length: 50 }, (_, i) => ids[i % ids.length] ?? all[0])
    const ok = await batch({ video_ids: fifty })
    expectStatus(ok, 200)
    expect(ok.json.videos).toHaveLength(50)
    expectError(await batch({ video_ids: [] }), 400)
    expectError(await batch({ video_ids: [...fifty, ids[0]] }), 400)
    expectError(await batch({}), 400)
    expectError(await batch({ video_ids: 'abc' }), 400)
  })

  it('fails the whole request when one video is missing or inaccessible', async () => {
    const gone = await createVideo(h, { channel_id: channelId, caption: uniq('dl') })
    expectStatus(await h.api('DELETE', `/api/v1/videos/${gone.id}`), 204)
    const missing = await batch({ video_ids: [ids[0], gone.id] })
    expectError(missing, 404)
    expect(missing.json.videos).toBeUndefined()
    const foreign = await batch({ video_ids: [ids[0], soloVideo] })
    expectError(foreign, 403)
  })

  it('gives 402 when the business lacks content_download', async () => {
    expectError(await batch({ video_ids: [soloVideo] }, await h.token('solo')), 402)
  })

  it('gives null download_url on batch while no source exists yet, never an error', async () => {
    const video = await createVideo(h, { channel_id: channelId, caption: uniq('dl') })
    const res = await batch({ video_ids: [video.id] })
    expectStatus(res, 200)
    const url = res.json.videos[0].download_url
    expect(url === null || typeof url === 'string').toBe(true)
  })
})
