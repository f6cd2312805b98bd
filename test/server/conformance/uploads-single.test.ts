/** Single (form POST) uploads: document 1 sections 2.5, 4.3, 4.4 option 3, 7 and 8. */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Video } from '@/api/generated/types.gen.ts'
import { mp4, sampleClip, unknownIdLike, waitForStatus } from './fixtures.ts'
import { expectError, expectStatus, SLOW, setUpHarness, uniq } from './harness.ts'
import { postToStorage, signUpload, uploadForm } from './uploads.ts'

const h = setUpHarness()
let channelId: string
let knownChannels: string[]

beforeAll(async () => {
  const world = await h.world()
  channelId = world.main.channels[0]?.id ?? ''
  knownChannels = [...world.main.channels, ...world.solo.channels].map((c) => c.id)
})

function sign(json: Record<string, unknown>, token?: string) {
  return h.api('POST', '/api/v1/upload_signatures', { json, token })
}

describe('POST /api/v1/upload_signatures', () => {
  it('returns the documented signature record', async () => {
    const sig = await signUpload(h, channelId)
    expect(sig.key.length).toBeGreaterThan(0)
    expect(sig.post_url).toMatch(/^https?:\/\//)
    expect(sig.acl).toBe('private')
    expect(sig.algorithm).toBe('AWS4-HMAC-SHA256')
    expect(sig.date).toMatch(/^\d{8}T\d{6}Z$/)
    expect(sig.credential.length).toBeGreaterThan(0)
    expect(sig.signature.length).toBeGreaterThan(0)
    expect(() => JSON.parse(Buffer.from(sig.policy, 'base64').toString('utf8'))).not.toThrow()
  })

  it('accepts a .mov file as video/quicktime', async () => {
    const res = await sign({
      channel_id: channelId,
      filename: 'clip.mov',
      mime_type: 'video/quicktime',
    })
    expectStatus(res, 201)
  })

  it('gives 422 for a blocked or unsupported extension', async () => {
    for (const filename of ['payload.exe', 'notes.txt', 'clip']) {
      const res = await sign({ channel_id: channelId, filename, mime_type: 'video/mp4' })
      expectError(res, 422)
    }
  })

  it('gives 400 for a mime_type other than video/mp4 or video/quicktime', async () => {
    for (const mime of ['image/png', 'video/webm', '']) {
      const res = await sign({ channel_id: channelId, filename: 'clip.mp4', mime_type: mime })
      expectError(res, 400)
    }
  })

  it('gives 400 when a required field is missing', async () => {
    expectError(await sign({ channel_id: channelId, mime_type: 'video/mp4' }), 400)
    expectError(await sign({ filename: 'clip.mp4', mime_type: 'video/mp4' }), 400)
  })

  it("gives 403 for another business's channel and 404 for an unknown channel", async () => {
    const world = await h.world()
    const solo = await h.token('solo')
    expectError(
      await sign({ channel_id: channelId, filename: 'a.mp4', mime_type: 'video/mp4' }, solo),
      403,
    )
    const soloChannel = world.solo.channels[0]?.id
    expectError(
      await sign({ channel_id: soloChannel, filename: 'a.mp4', mime_type: 'video/mp4' }),
      403,
    )
    const unknown = unknownIdLike(channelId, knownChannels)
    expectError(await sign({ channel_id: unknown, filename: 'a.mp4', mime_type: 'video/mp4' }), 404)
  })

  it('gives 401 without a token', async () => {
    expectError(
      await h.api('POST', '/api/v1/upload_signatures', {
        token: null,
        json: { channel_id: channelId, filename: 'a.mp4', mime_type: 'video/mp4' },
      }),
      401,
    )
  })
})

describe('form POST to storage', () => {
  it(
    'accepts the documented form (204); the key then creates a video that gets approved',
    async () => {
      const sig = await signUpload(h, channelId)
      const clip = sampleClip()
      const upload = await postToStorage(sig.post_url, uploadForm(sig, clip.bytes))
      expect(upload.status, upload.text).toBe(204)
      const caption = uniq('single')
      const res = await h.api<Video>('POST', '/api/v1/videos', {
        json: { channel_id: channelId, storage_key: sig.key, caption },
      })
      expectStatus(res, 201)
      expect(res.json.caption).toBe(caption)
      await waitForStatus(h, res.json, channelId, 'approved')
      const video = await h.api<Video>('GET', `/api/v1/videos/${res.json.id}`)
      expect(video.json.duration).toBeCloseTo(clip.durationSeconds, 0)
    },
    SLOW,
  )

  it('gives 400 for a file under 25 KB', async () => {
    const sig = await signUpload(h, channelId)
    const res = await postToStorage(sig.post_url, uploadForm(sig, mp4(5, 10 * 1024)))
    expect(res.status).toBe(400)
  })

  it('gives 403 for a tampered signature', async () => {
    const sig = await signUpload(h, channelId)
    const bad = sig.signature.replace(/.$/, (c) => (c === '0' ? '1' : '0'))
    const res = await postToStorage(
      sig.post_url,
      uploadForm(sig, mp4(5), 'video/mp4', { 'X-Amz-Signature': bad }),
    )
    expect(res.status).toBe(403)
  })
})

describe('create video from a storage key', () => {
  it('refuses a key that was signed but never uploaded', async () => {
    const sig = await signUpload(h, channelId)
    const res = await h.api('POST', '/api/v1/videos', {
      json: { channel_id: channelId, storage_key: sig.key, caption: uniq() },
    })
    expectError(res, [400, 404, 422])
  })
})
