import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type LocalStoreHarness,
  randomBody,
  readObject,
  sha256,
  startLocalStore,
} from './local-store-harness.ts'

describe('the storage client against the local store', () => {
  let harness: LocalStoreHarness
  beforeAll(async () => {
    harness = await startLocalStore()
  })
  afterAll(() => harness.close())

  it('puts a Buffer (signed payload hash and CRC32 header) and reads it back', async () => {
    const body = randomBody(70_000)
    await harness.storage.putObject('thumbs/a.jpg', body, 'image/jpeg')
    expect(await harness.storage.head('thumbs/a.jpg')).toEqual({
      size: body.length,
      contentType: 'image/jpeg',
    })
    expect(sha256(await readObject(harness.storage, 'thumbs/a.jpg'))).toBe(sha256(body))
  })

  it('puts a stream of known size (aws-chunked with a CRC32 trailer) and reads it back', async () => {
    const body = randomBody(300_000)
    await harness.storage.putObject(
      'thumbs/b.bin',
      Readable.from([body.subarray(0, 1000), body.subarray(1000)]),
      'application/octet-stream',
      body.length,
    )
    expect(sha256(await readObject(harness.storage, 'thumbs/b.bin'))).toBe(sha256(body))
  })

  it('puts streams of unknown size, small in one PUT and large as a multipart upload', async () => {
    const small = randomBody(10_000)
    await harness.storage.putObject(
      'derived/small.bin',
      Readable.from([small]),
      'application/octet-stream',
    )
    expect(sha256(await readObject(harness.storage, 'derived/small.bin'))).toBe(sha256(small))

    const large = randomBody(17 * 1024 * 1024 + 5)
    const pieces = Array.from({ length: 18 }, (_, i) =>
      large.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024),
    )
    await harness.storage.putObject(
      'derived/large.bin',
      Readable.from(pieces),
      'application/octet-stream',
    )
    expect(await harness.storage.head('derived/large.bin')).toEqual({
      size: large.length,
      contentType: 'application/octet-stream',
    })
    expect(sha256(await readObject(harness.storage, 'derived/large.bin'))).toBe(sha256(large))
  })

  it('deletes objects', async () => {
    await harness.storage.putObject('derived/gone.txt', Buffer.from('bye'), 'text/plain')
    await harness.storage.deleteObject('derived/gone.txt')
    expect(await harness.storage.head('derived/gone.txt')).toBeNull()
    await expect(harness.storage.getStream('derived/gone.txt')).rejects.toMatchObject({
      code: 'NoSuchKey',
      status: 404,
    })
  })

  it('keeps keys with spaces and unicode', async () => {
    const key = 'uploads/my vidéo (1)+final!.mp4'
    await harness.storage.putObject(key, Buffer.from('x'.repeat(100)), 'video/mp4')
    expect(await harness.storage.head(key)).toEqual({ size: 100, contentType: 'video/mp4' })
  })
})
