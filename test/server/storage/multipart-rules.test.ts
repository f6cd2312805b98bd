import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { StorageError } from '../../../server/sandbox/storage/storage-client.ts'
import { type LocalStoreHarness, randomBody, startLocalStore } from './local-store-harness.ts'

const MiB = 1024 * 1024

describe('CompleteMultipartUpload enforces S3 rules', () => {
  let harness: LocalStoreHarness
  beforeAll(async () => {
    harness = await startLocalStore()
  })
  afterAll(() => harness.close())

  async function uploadParts(key: string, sizes: number[]) {
    const uploadId = await harness.storage.createMultipartUpload(key, 'video/mp4')
    const parts: { part: number; etag: string }[] = []
    for (const [index, size] of sizes.entries()) {
      const url = await harness.storage.presignUploadPart(key, uploadId, index + 1)
      const response = await fetch(url, { method: 'PUT', body: randomBody(size) })
      parts.push({ part: index + 1, etag: response.headers.get('etag') ?? '' })
    }
    return { uploadId, parts }
  }

  async function completionError(
    key: string,
    uploadId: string,
    parts: { part: number; etag: string }[],
  ) {
    const error = await harness.storage
      .completeMultipartUpload(key, uploadId, parts)
      .catch((e) => e)
    expect(error).toBeInstanceOf(StorageError)
    return error as StorageError
  }

  it('fails with EntityTooSmall when a part other than the last is under 5 MiB', async () => {
    const { uploadId, parts } = await uploadParts('uploads/small/source.mp4', [1 * MiB, 1024])
    const error = await completionError('uploads/small/source.mp4', uploadId, parts)
    expect([error.code, error.status]).toEqual(['EntityTooSmall', 400])
    expect(await harness.storage.head('uploads/small/source.mp4')).toBeNull()
  })

  it('fails with InvalidPart for a wrong ETag or a part never uploaded', async () => {
    const { uploadId, parts } = await uploadParts('uploads/etag/source.mp4', [1024])
    const wrongEtag = await completionError('uploads/etag/source.mp4', uploadId, [
      { part: 1, etag: '"00000000000000000000000000000000"' },
    ])
    expect([wrongEtag.code, wrongEtag.status]).toEqual(['InvalidPart', 400])
    const missing = await completionError('uploads/etag/source.mp4', uploadId, [
      ...parts,
      { part: 2, etag: parts[0]?.etag ?? '' },
    ])
    expect(missing.code).toBe('InvalidPart')
  })

  it('fails with InvalidPartOrder when parts are not ascending', async () => {
    const { uploadId, parts } = await uploadParts('uploads/order/source.mp4', [5 * MiB, 5 * MiB])
    const error = await completionError('uploads/order/source.mp4', uploadId, [...parts].reverse())
    expect([error.code, error.status]).toEqual(['InvalidPartOrder', 400])
  })

  it('fails with NoSuchUpload for an unknown or aborted upload', async () => {
    const unknown = await completionError('uploads/none/source.mp4', 'f'.repeat(32), [
      { part: 1, etag: '"x"' },
    ])
    expect([unknown.code, unknown.status]).toEqual(['NoSuchUpload', 404])
  })
})
