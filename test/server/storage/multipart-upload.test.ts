import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type LocalStoreHarness,
  md5,
  randomBody,
  readObject,
  sha256,
  startLocalStore,
} from './local-store-harness.ts'

const MiB = 1024 * 1024

describe('multipart upload through presigned part URLs', () => {
  let harness: LocalStoreHarness
  beforeAll(async () => {
    harness = await startLocalStore()
  })
  afterAll(() => harness.close())

  it('assembles the parts into a byte-identical object with an S3 multipart ETag', async () => {
    const key = 'uploads/vid_9/source.mp4'
    const parts = [randomBody(5 * MiB), randomBody(5 * MiB), randomBody(123_457)]
    const uploadId = await harness.storage.createMultipartUpload(key, 'video/mp4')

    const etags: string[] = []
    for (const [index, part] of parts.entries()) {
      const url = await harness.storage.presignUploadPart(key, uploadId, index + 1)
      expect(url).not.toContain('x-amz-checksum')
      const response = await fetch(url, { method: 'PUT', body: part })
      expect(response.status).toBe(200)
      expect(response.headers.get('access-control-expose-headers')).toContain('ETag')
      const etag = response.headers.get('etag') ?? ''
      expect(etag).toBe(`"${md5(part)}"`)
      etags.push(etag)
    }
    await harness.storage.completeMultipartUpload(
      key,
      uploadId,
      etags.map((etag, index) => ({ part: index + 1, etag })),
    )

    const whole = Buffer.concat(parts)
    expect(await harness.storage.head(key)).toEqual({
      size: whole.length,
      contentType: 'video/mp4',
    })
    expect(sha256(await readObject(harness.storage, key))).toBe(sha256(whole))
    const md5OfMd5s = createHash('md5')
    for (const part of parts) md5OfMd5s.update(createHash('md5').update(part).digest())
    const get = await fetch(await presignedGet(harness, key))
    await get.arrayBuffer()
    expect(get.headers.get('etag')).toBe(`"${md5OfMd5s.digest('hex')}-3"`)
  })
})

async function presignedGet(harness: LocalStoreHarness, key: string): Promise<string> {
  const { GetObjectCommand } = await import('@aws-sdk/client-s3')
  const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner')
  return getSignedUrl(
    harness.sdkClient(),
    new GetObjectCommand({ Bucket: 'sandbox-uploads', Key: key }),
    {
      expiresIn: 60,
    },
  )
}
