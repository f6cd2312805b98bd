import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalStoreHarness, randomBody, startLocalStore } from './local-store-harness.ts'

describe('ranged reads', () => {
  let harness: LocalStoreHarness
  const body = randomBody(100_000)
  beforeAll(async () => {
    harness = await startLocalStore()
    await harness.storage.putObject('media/clip.mp4', body, 'video/mp4')
  })
  afterAll(() => harness.close())

  async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer))
    return Buffer.concat(chunks)
  }

  it('answers 206 with the bytes and Content-Range asked for', async () => {
    const result = await harness.storage.getStream('media/clip.mp4', 'bytes=1000-1999')
    expect(result).toMatchObject({
      status: 206,
      size: 1000,
      contentType: 'video/mp4',
      contentRange: 'bytes 1000-1999/100000',
    })
    expect((await collect(result.stream)).equals(body.subarray(1000, 2000))).toBe(true)
  })

  it('serves open-ended and suffix ranges', async () => {
    const tail = await harness.storage.getStream('media/clip.mp4', 'bytes=-10')
    expect(tail.contentRange).toBe('bytes 99990-99999/100000')
    expect((await collect(tail.stream)).equals(body.subarray(99_990))).toBe(true)
    const rest = await harness.storage.getStream('media/clip.mp4', 'bytes=99000-')
    expect(rest.size).toBe(1000)
    await collect(rest.stream)
  })

  it('answers 200 with the whole object without a range', async () => {
    const whole = await harness.storage.getStream('media/clip.mp4')
    expect(whole).toMatchObject({ status: 200, size: body.length })
    expect((await collect(whole.stream)).equals(body)).toBe(true)
  })

  it('reads a range into a Buffer', async () => {
    expect(
      (await harness.storage.readRange('media/clip.mp4', 0, 7)).equals(body.subarray(0, 8)),
    ).toBe(true)
  })

  it('fails with InvalidRange past the end', async () => {
    await expect(
      harness.storage.getStream('media/clip.mp4', 'bytes=200000-'),
    ).rejects.toMatchObject({
      code: 'InvalidRange',
      status: 416,
    })
  })
})
