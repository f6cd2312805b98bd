import { createHash } from 'node:crypto'
import { readdir, readlink } from 'node:fs/promises'
import { join } from 'node:path'
import { GetObjectCommand, HeadObjectCommand, type S3ServiceException } from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { StorageError } from '../../../server/sandbox/storage/storage-client.ts'
import {
  BUCKET,
  type LocalStoreHarness,
  md5,
  randomBody,
  readObject,
  startLocalStore,
} from './local-store-harness.ts'

const MiB = 1024 * 1024

/** The object made by completing a multipart upload, read back whole, in ranges and replaced. */
describe('multipart objects', () => {
  let harness: LocalStoreHarness
  beforeAll(async () => {
    harness = await startLocalStore()
  })
  afterAll(() => harness.close())

  async function uploadParts(key: string, parts: Buffer[]) {
    const uploadId = await harness.storage.createMultipartUpload(key, 'video/mp4')
    const uploaded: { part: number; etag: string }[] = []
    for (const [index, part] of parts.entries()) {
      const url = await harness.storage.presignUploadPart(key, uploadId, index + 1)
      const response = await fetch(url, { method: 'PUT', body: new Uint8Array(part) })
      expect(response.status).toBe(200)
      uploaded.push({ part: index + 1, etag: response.headers.get('etag') ?? '' })
    }
    return { uploadId, uploaded }
  }

  async function completeWith(key: string, parts: Buffer[]) {
    const { uploadId, uploaded } = await uploadParts(key, parts)
    await harness.storage.completeMultipartUpload(key, uploadId, uploaded)
    return { uploadId, uploaded }
  }

  function multipartEtag(parts: Buffer[]): string {
    const md5OfMd5s = createHash('md5')
    for (const part of parts) md5OfMd5s.update(Buffer.from(md5(part), 'hex'))
    return `"${md5OfMd5s.digest('hex')}-${parts.length}"`
  }

  async function rangeOf(key: string, range: string) {
    const { stream, contentRange, size } = await harness.storage.getStream(key, range)
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer))
    return { bytes: Buffer.concat(chunks), contentRange, size }
  }

  async function segmentDirs(): Promise<string[]> {
    return readdir(join(harness.rootDir, 'store', 'segments')).catch(() => [])
  }

  it('serves the parts of uneven sizes as one object, whole and in ranges across parts', async () => {
    const key = 'uploads/uneven/source.mp4'
    const parts = [randomBody(5 * MiB + 7), randomBody(6 * MiB - 3), randomBody(1)]
    await completeWith(key, parts)
    const whole = Buffer.concat(parts)
    const first = parts[0]?.length ?? 0

    expect((await readObject(harness.storage, key)).equals(whole)).toBe(true)
    const head = await harness.sdkClient().send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }))
    expect(head.ContentLength).toBe(whole.length)
    expect(head.ETag).toBe(multipartEtag(parts))

    for (const [start, end] of [
      [first - 1, first],
      [first - 10, whole.length - 1],
      [first, first],
      [whole.length - 2, whole.length - 1],
      [17, 17 + 1000],
    ] as const) {
      const read = await rangeOf(key, `bytes=${start}-${end}`)
      expect(read.contentRange).toBe(`bytes ${start}-${end}/${whole.length}`)
      expect(read.size).toBe(end - start + 1)
      expect(read.bytes.equals(whole.subarray(start, end + 1))).toBe(true)
    }
    expect((await rangeOf(key, 'bytes=-5')).bytes.equals(whole.subarray(-5))).toBe(true)
  })

  it('answers conditional GETs against the multipart ETag', async () => {
    const key = 'uploads/conditional/source.mp4'
    const parts = [randomBody(5 * MiB), randomBody(40_000)]
    await completeWith(key, parts)
    const client = harness.sdkClient()
    const notModified = await client
      .send(new GetObjectCommand({ Bucket: BUCKET, Key: key, IfNoneMatch: multipartEtag(parts) }))
      .catch((error: unknown) => error)
    expect((notModified as S3ServiceException).$metadata.httpStatusCode).toBe(304)
    const got = await client.send(
      new GetObjectCommand({ Bucket: BUCKET, Key: key, IfMatch: multipartEtag(parts) }),
    )
    const bytes = Buffer.from((await got.Body?.transformToByteArray()) ?? [])
    expect(bytes.equals(Buffer.concat(parts))).toBe(true)
  })

  it('keeps only the parts named in the completion', async () => {
    const key = 'uploads/subset/source.mp4'
    const parts = [randomBody(5 * MiB), randomBody(5 * MiB), randomBody(30_000)]
    const { uploadId, uploaded } = await uploadParts(key, parts)
    const chosen = uploaded.filter((part) => part.part !== 2)
    await harness.storage.completeMultipartUpload(key, uploadId, chosen)
    const kept = parts.filter((_, index) => index !== 1)
    expect((await readObject(harness.storage, key)).equals(Buffer.concat(kept))).toBe(true)
    const head = await harness.sdkClient().send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }))
    expect(head.ETag).toBe(multipartEtag(kept))
  })

  it('assembles an empty single part into an empty object', async () => {
    const key = 'uploads/empty/source.mp4'
    await completeWith(key, [Buffer.alloc(0)])
    expect(await harness.storage.head(key)).toEqual({ size: 0, contentType: 'video/mp4' })
    expect((await readObject(harness.storage, key)).length).toBe(0)
  })

  it('leaves the upload intact after a refused completion, and gone after a successful one', async () => {
    const key = 'uploads/retry/source.mp4'
    const parts = [randomBody(5 * MiB), randomBody(50_000)]
    const { uploadId, uploaded } = await uploadParts(key, parts)
    const refused = await harness.storage
      .completeMultipartUpload(key, uploadId, [
        ...uploaded.slice(0, 1),
        { part: 2, etag: '"00000000000000000000000000000000"' },
      ])
      .catch((error: unknown) => error)
    expect((refused as StorageError).code).toBe('InvalidPart')
    await harness.storage.completeMultipartUpload(key, uploadId, uploaded)
    expect((await readObject(harness.storage, key)).equals(Buffer.concat(parts))).toBe(true)
    const again = await harness.storage
      .completeMultipartUpload(key, uploadId, uploaded)
      .catch((error: unknown) => error)
    expect(again).toBeInstanceOf(StorageError)
    expect((again as StorageError).code).toBe('NoSuchUpload')
    expect((await readObject(harness.storage, key)).equals(Buffer.concat(parts))).toBe(true)
  })

  it.runIf(process.platform === 'linux')(
    'closes the part files when a reader goes away mid-object',
    async () => {
      const key = 'uploads/abandoned/source.mp4'
      await completeWith(key, [randomBody(5 * MiB), randomBody(5 * MiB), randomBody(1000)])
      const url = await getSignedUrl(
        harness.sdkClient(),
        new GetObjectCommand({ Bucket: BUCKET, Key: key }),
        { expiresIn: 60 },
      )
      const abort = new AbortController()
      const response = await fetch(url, { signal: abort.signal })
      await response.body?.getReader().read()
      expect(await openSegmentFiles()).not.toEqual([])
      abort.abort()
      await expect.poll(openSegmentFiles, { timeout: 5000 }).toEqual([])
    },
  )

  async function openSegmentFiles(): Promise<string[]> {
    const segments = join(harness.rootDir, 'store', 'segments')
    const targets = await Promise.all(
      (await readdir('/proc/self/fd')).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')),
    )
    return targets.filter((target) => target.startsWith(segments))
  }

  it('frees the parts when the object is replaced or deleted', async () => {
    const key = 'uploads/replaced/source.mp4'
    const before = await segmentDirs()
    await completeWith(key, [randomBody(5 * MiB), randomBody(1000)])
    expect((await segmentDirs()).length).toBe(before.length + 1)

    const second = [randomBody(5 * MiB), randomBody(2000)]
    await completeWith(key, second)
    expect((await segmentDirs()).length).toBe(before.length + 1)
    expect((await readObject(harness.storage, key)).equals(Buffer.concat(second))).toBe(true)

    const single = randomBody(3000)
    await harness.storage.putObject(key, single, 'video/mp4')
    expect(await segmentDirs()).toEqual(before)
    expect((await readObject(harness.storage, key)).equals(single)).toBe(true)

    const third = [randomBody(5 * MiB), randomBody(4000)]
    await completeWith(key, third)
    expect((await readObject(harness.storage, key)).equals(Buffer.concat(third))).toBe(true)
    await harness.storage.deleteObject(key)
    expect(await harness.storage.head(key)).toBeNull()
    expect(await segmentDirs()).toEqual(before)
  })
})
