import { PutObjectCommand } from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BUCKET,
  type LocalStoreHarness,
  randomBody,
  startLocalStore,
} from './local-store-harness.ts'

describe('presigned URLs are verified', () => {
  let harness: LocalStoreHarness
  let uploadId: string
  const key = 'uploads/signed/source.mp4'
  beforeAll(async () => {
    harness = await startLocalStore()
    uploadId = await harness.storage.createMultipartUpload(key, 'video/mp4')
  })
  afterAll(() => harness.close())

  it('refuses a tampered signature', async () => {
    const url = new URL(await harness.storage.presignUploadPart(key, uploadId, 1))
    const signature = url.searchParams.get('X-Amz-Signature') ?? ''
    url.searchParams.set(
      'X-Amz-Signature',
      `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`,
    )

    const response = await fetch(url, { method: 'PUT', body: randomBody(1024) })

    expect(response.status).toBe(403)
    expect(await response.text()).toContain('<Code>SignatureDoesNotMatch</Code>')
  })

  it('refuses a URL whose signed parameters were changed', async () => {
    const url = new URL(await harness.storage.presignUploadPart(key, uploadId, 1))
    url.searchParams.set('partNumber', '2')

    const response = await fetch(url, { method: 'PUT', body: randomBody(1024) })

    expect(response.status).toBe(403)
  })

  it('refuses an expired URL', async () => {
    const client = harness.sdkClient({ requestChecksumCalculation: 'WHEN_REQUIRED' })
    const url = await getSignedUrl(
      client,
      new PutObjectCommand({ Bucket: BUCKET, Key: 'uploads/late.mp4' }),
      {
        expiresIn: 3600,
        signingDate: new Date(Date.now() - 3601 * 1000),
      },
    )

    const response = await fetch(url, { method: 'PUT', body: randomBody(1024) })

    expect(response.status).toBe(403)
    expect(await response.text()).toContain('Request has expired')
    expect(await harness.storage.head('uploads/late.mp4')).toBeNull()
  })

  it('accepts a URL signed almost an hour ago', async () => {
    const client = harness.sdkClient({ requestChecksumCalculation: 'WHEN_REQUIRED' })
    const url = await getSignedUrl(
      client,
      new PutObjectCommand({ Bucket: BUCKET, Key: 'uploads/ok.mp4' }),
      {
        expiresIn: 3600,
        signingDate: new Date(Date.now() - 3500 * 1000),
      },
    )

    const response = await fetch(url, { method: 'PUT', body: randomBody(1024) })

    expect(response.status).toBe(200)
  })

  it('rejects, like S3, a URL presigned with the SDK default checksum of an empty body', async () => {
    const url = await getSignedUrl(
      harness.sdkClient(),
      new PutObjectCommand({ Bucket: BUCKET, Key: 'uploads/crc.mp4' }),
      { expiresIn: 60 },
    )
    expect(url).toContain('x-amz-checksum-crc32=AAAAAA')

    const response = await fetch(url, { method: 'PUT', body: randomBody(1024) })

    expect(response.status).toBe(400)
    expect(await response.text()).toContain('<Code>BadDigest</Code>')
  })
})
