/** Multipart uploads: document 1 sections 2.5, 4.3, 7 (multipart rows) and 8. */
import { beforeAll, describe, expect, it } from 'vitest'
import type { MultipartSignature, Video } from '@/api/generated/types.gen.ts'
import { mp4, padded, sampleClip, unknownIdLike, waitForStatus } from './fixtures.ts'
import { expectError, expectStatus, SLOW, setUpHarness, uniq } from './harness.ts'
import { putPart, signMultipart } from './uploads.ts'

const MIB = 1024 * 1024
const PART = 5 * MIB

const h = setUpHarness()
let channelId: string

beforeAll(async () => {
  channelId = (await h.world()).main.channels[0]?.id ?? ''
})

function initiate(json: Record<string, unknown>, token?: string) {
  return h.api('POST', '/api/v1/upload_multipart/signatures', { json, token })
}

function complete(json: Record<string, unknown>) {
  return h.api('POST', '/api/v1/upload_multipart/complete', { json })
}

async function uploadParts(sig: MultipartSignature, chunks: Buffer[]) {
  return Promise.all(
    chunks.map(async (chunk, i) => {
      const part = sig.parts[i]
      if (!part) throw new Error(`no signature for part ${i + 1}`)
      const res = await putPart(part.signature.put_url, chunk)
      expect(res.status).toBe(200)
      expect(res.etag).toBeTruthy()
      return { part: part.part, etag: res.etag ?? '' }
    }),
  )
}

describe('POST /api/v1/upload_multipart/signatures', () => {
  const base = () => ({ channel_id: channelId, filename: 'big.mp4', mime_type: 'video/mp4' })

  it('signs one PUT address per part, numbered from 1', async () => {
    const sig = await signMultipart(h, channelId, 3)
    expect(sig.key.length).toBeGreaterThan(0)
    expect(sig.upload_id.length).toBeGreaterThan(0)
    expect(sig.parts.map((p) => p.part)).toEqual([1, 2, 3])
    for (const p of sig.parts) {
      expect(p.signature.put_url).toMatch(/^https?:\/\//)
      expect(p.signature.key).toBe(sig.key)
    }
  })

  it('accepts parts_count 1 and 100', async () => {
    expect((await signMultipart(h, channelId, 1)).parts).toHaveLength(1)
    expect((await signMultipart(h, channelId, 100)).parts).toHaveLength(100)
  })

  it('gives 400 for parts_count outside 1 to 100 or missing', async () => {
    for (const parts_count of [0, 101, -1, 2.5, '3']) {
      expectError(await initiate({ ...base(), parts_count }), 400)
    }
    expectError(await initiate(base()), 400)
  })

  it('gives 400 for a bad mime_type and 422 for a blocked extension', async () => {
    expectError(await initiate({ ...base(), mime_type: 'application/zip', parts_count: 2 }), 400)
    expectError(await initiate({ ...base(), filename: 'x.exe', parts_count: 2 }), 422)
  })

  it("gives 403 for another business's channel and 404 for an unknown one", async () => {
    const world = await h.world()
    const solo = await h.token('solo')
    expectError(await initiate({ ...base(), parts_count: 2 }, solo), 403)
    const known = [...world.main.channels, ...world.solo.channels].map((c) => c.id)
    const unknown = unknownIdLike(channelId, known)
    expectError(await initiate({ ...base(), channel_id: unknown, parts_count: 2 }), 404)
  })
})

describe('PUT parts and POST /api/v1/upload_multipart/complete', () => {
  it(
    'assembles three parts (5 MiB, 5 MiB, rest) into a key that creates an approved video',
    async () => {
      const file = padded(sampleClip().bytes, 2 * PART + 300 * 1024)
      const sig = await signMultipart(h, channelId, 3)
      const chunks = [
        file.subarray(0, PART),
        file.subarray(PART, 2 * PART),
        file.subarray(2 * PART),
      ]
      const parts = await uploadParts(sig, chunks)
      const res = await complete({ key: sig.key, upload_id: sig.upload_id, parts })
      expectStatus(res, 204)
      expect(res.text).toBe('')
      const caption = uniq('multi')
      const created = await h.api<Video>('POST', '/api/v1/videos', {
        json: { channel_id: channelId, storage_key: sig.key, caption },
      })
      expectStatus(created, 201)
      await waitForStatus(h, created.json, channelId, 'approved')
    },
    SLOW,
  )

  it('gives 400 for empty parts, duplicate or out-of-range numbers, empty etag, missing fields', async () => {
    const sig = await signMultipart(h, channelId, 2)
    const [one] = await uploadParts(sig, [mp4(5, 30 * 1024)])
    if (!one) throw new Error('no part')
    const ref = { key: sig.key, upload_id: sig.upload_id }
    expectError(await complete({ ...ref, parts: [] }), 400)
    expectError(await complete({ ...ref, parts: [one, one] }), 400)
    expectError(await complete({ ...ref, parts: [{ part: 0, etag: one.etag }] }), 400)
    expectError(await complete({ ...ref, parts: [{ part: 101, etag: one.etag }] }), 400)
    expectError(await complete({ ...ref, parts: [{ part: 1, etag: '' }] }), 400)
    expectError(await complete({ key: sig.key, parts: [one] }), 400)
    expectError(await complete({ upload_id: sig.upload_id, parts: [one] }), 400)
    expectError(await complete({ ...ref }), 400)
  })

  it("gives 400 'File too small (min 25KB)' for an assembled object under 25 KB", async () => {
    const sig = await signMultipart(h, channelId, 1)
    const parts = await uploadParts(sig, [mp4(5, 10 * 1024)])
    const res = await complete({ key: sig.key, upload_id: sig.upload_id, parts })
    expectError(res, 400)
    expect(res.json.error).toBe('File too small (min 25KB)')
    const created = await h.api('POST', '/api/v1/videos', {
      json: { channel_id: channelId, storage_key: sig.key, caption: uniq() },
    })
    expect(created.status).toBeGreaterThanOrEqual(400)
    expect(created.status).toBeLessThan(500)
  })

  it("gives 400 'Multipart upload failed' when a non-last part is under 5 MiB", async () => {
    const file = mp4(5, 2 * MIB)
    const sig = await signMultipart(h, channelId, 2)
    const parts = await uploadParts(sig, [file.subarray(0, MIB), file.subarray(MIB)])
    const res = await complete({ key: sig.key, upload_id: sig.upload_id, parts })
    expectError(res, 400)
    expect(res.json.error).toBe('Multipart upload failed')
  })

  it('gives 403 for a PUT with a tampered presigned address', async () => {
    const sig = await signMultipart(h, channelId, 1)
    const url = new URL(sig.parts[0]?.signature.put_url ?? '')
    const signature = url.searchParams.get('X-Amz-Signature') ?? ''
    url.searchParams.set(
      'X-Amz-Signature',
      signature.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
    )
    const res = await putPart(url.toString(), mp4(5, 30 * 1024))
    expect(res.status).toBe(403)
  })
})
