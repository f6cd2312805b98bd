/**
 * URL imports: document 1 sections 2.4, 3.4, 4.4 (option 2 and URL import rules), 4.13, 6.1,
 * 6.4 and 7 (create video and import status rows).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Video, VideoImport } from '@/api/generated/types.gen.ts'
import { getVideo, mp4, sampleClip, unknownIdLike } from './fixtures.ts'
import {
  canServeMedia,
  expectError,
  expectStatus,
  isSandbox,
  SLOW,
  setUpHarness,
  uniq,
  waitFor,
} from './harness.ts'

const h = setUpHarness({ webhooks: isSandbox })
let channelId: string
let good: string

beforeAll(async () => {
  channelId = (await h.world()).main.channels[0]?.id ?? ''
  good = h.media.serve('/media/good.mp4', { body: sampleClip().bytes, contentType: 'video/mp4' })
})

const create = (json: Record<string, unknown>) =>
  h.api('POST', '/api/v1/videos', {
    json: { channel_id: channelId, caption: uniq('imp'), ...json },
  })
const job = (id: string, token?: string | null) =>
  h.api<VideoImport>('GET', `/api/v1/videos/imports/${id}`, { token })

async function finished(id: string): Promise<VideoImport> {
  return waitFor(async () => {
    const res = await job(id)
    expectStatus(res, 200)
    return res.json.status === 'running' ? undefined : res.json
  }, `import ${id} to finish`)
}

describe.runIf(canServeMedia)('sync URL import', () => {
  it('returns 201 with the Video', async () => {
    const caption = uniq('sync')
    const res = await create({ url: good, caption })
    expectStatus(res, 201)
    expect((res.json as Video).caption).toBe(caption)
    expect((await getVideo(h, res.json.id)).id).toBe(res.json.id)
  })

  it('accepts application/octet-stream when the path ends in .mp4 or .mov', async () => {
    const url = h.media.serve('/media/octet.mp4', {
      body: sampleClip().bytes,
      contentType: 'application/octet-stream',
    })
    expectStatus(await create({ url }), 201)
    const mov = h.media.serve('/media/octet.mov', {
      body: sampleClip().bytes,
      contentType: 'application/octet-stream',
    })
    expectStatus(await create({ url: mov }), 201)
  })

  it('refuses a remote file of the wrong type', async () => {
    const html = h.media.serve('/media/page.mp4', {
      body: '<html></html>'.padEnd(40_000),
      contentType: 'text/html',
    })
    expectError(await create({ url: html }), 400)
    const bin = h.media.serve('/media/blob.bin', {
      body: mp4(5),
      contentType: 'application/octet-stream',
    })
    expectError(await create({ url: bin }), 400)
  })

  it('refuses a response without Content-Length', async () => {
    const url = h.media.serve('/media/chunked.mp4', {
      body: mp4(5),
      contentType: 'video/mp4',
      chunked: true,
    })
    expectError(await create({ url }), [400, 422])
  })

  it('refuses a clip outside 3 s to 1 h with 422', async () => {
    const url = h.media.serve('/media/short.mp4', { body: mp4(1), contentType: 'video/mp4' })
    expectError(await create({ url }), 422)
  })
})

describe('URL rules (validated before any import job exists)', () => {
  const bad = [
    ['a scheme other than http(s)', 'ftp://media.example.com/clip.mp4'],
    ['a hostname without a dot', 'http://localhost/x.mp4'],
    ['no path component', 'https://media.example.com'],
    ['not a URL', 'clip.mp4'],
  ]
  for (const [why, url] of bad) {
    it(`gives 400 for ${why}, sync and async`, async () => {
      expectError(await create({ url }), 400)
      expectError(await create({ url, async: true }), 400)
    })
  }
})

describe.runIf(canServeMedia)('async URL import', () => {
  it(
    'returns 202 with a running job that completes with video_id and completed_at',
    async () => {
      const res = await create({ url: good, async: true, content_generation_type: 'aigc' })
      expectStatus(res, 202)
      const started = res.json as VideoImport
      expect(started.status).toBe('running')
      expect(started.completed_at).toBeNull()
      expect(started.video_id === null || typeof started.video_id === 'string').toBe(true)
      expect(Number.isNaN(Date.parse(started.created_at))).toBe(false)
      const done = await finished(started.id)
      expect(done.status).toBe('completed')
      expect(done.id).toBe(started.id)
      expect(typeof done.video_id).toBe('string')
      expect(Number.isNaN(Date.parse(done.completed_at ?? ''))).toBe(false)
      const video = await getVideo(h, done.video_id ?? '')
      expect(video.content_generation_type).toBe('aigc')
    },
    SLOW,
  )

  it(
    'ends errored with a reason for an unreachable file and for a 1 s clip',
    async () => {
      const missing = await create({ url: h.media.url('/media/missing.mp4'), async: true })
      expectStatus(missing, 202)
      const failed = await finished(missing.json.id)
      expect(failed.status).toBe('errored')
      expect(failed.reason).toBe('download_failed')

      const shortUrl = h.media.serve('/media/short-async.mp4', {
        body: mp4(1),
        contentType: 'video/mp4',
      })
      const short = await create({ url: shortUrl, async: true })
      expectStatus(short, 202)
      const tooShort = await finished(short.json.id)
      expect(tooShort.status).toBe('errored')
      expect(tooShort.reason).toBe('duration_out_of_range')
    },
    SLOW,
  )

  it("gives 403 for another business's import and 404 for an unknown one", async () => {
    const res = await create({ url: good, async: true })
    expectStatus(res, 202)
    expectError(await job(res.json.id, await h.token('solo')), 403)
    expectError(await job(unknownIdLike(res.json.id)), 404)
    expectError(await job(res.json.id, null), 401)
  })
})

describe.runIf(isSandbox)('import webhooks (document 1 sections 6.1, 6.3, 6.4)', () => {
  it(
    'sends video_import_failed with import_id and reason for a failed download',
    async () => {
      const res = await create({ url: h.media.url('/media/gone.mp4'), async: true })
      expectStatus(res, 202)
      await finished(res.json.id)
      const event = await waitFor(
        async () =>
          h.webhooks.deliveries.find(
            (d) =>
              d.body?.event_type === 'video_import_failed' &&
              d.body.data?.import_id === res.json.id,
          ),
        'video_import_failed',
      )
      expect(event.body.data.reason).toBe('download_failed')
      expect(event.body.version).toBe('2023-06-06')
      expect(h.webhooks.verify(event).ok).toBe(true)
    },
    SLOW,
  )

  it(
    'sends video_created carrying import_id for an imported video',
    async () => {
      const res = await create({ url: good, async: true })
      expectStatus(res, 202)
      const done = await finished(res.json.id)
      const event = await waitFor(
        async () =>
          h.webhooks.deliveries.find(
            (d) => d.body?.event_type === 'video_created' && d.body.data?.id === done.video_id,
          ),
        'video_created for the import',
      )
      expect(event.body.data.import_id).toBe(res.json.id)
      expect(event.body.data.status).toBe('approved')
    },
    SLOW,
  )
})
