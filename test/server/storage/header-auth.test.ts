import { Readable, Transform } from 'node:stream'
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BUCKET,
  type LocalStoreHarness,
  randomBody,
  startLocalStore,
} from './local-store-harness.ts'

/**
 * Flips one byte of the body after the SDK signed the request: the first byte, or with
 * `afterFirstLine` the first byte after the first line (the data of an aws-chunked body).
 */
function corruptAfterSigning(
  client: ReturnType<LocalStoreHarness['sdkClient']>,
  afterFirstLine: boolean,
) {
  type Middleware = Parameters<typeof client.middlewareStack.addRelativeTo>[0]
  type Args = { request: unknown }
  const corrupt = (next: (args: Args) => Promise<unknown>) => async (args: Args) => {
    const request = args.request as { body?: unknown }
    const body = request.body
    if (body instanceof Uint8Array) {
      const copy = Buffer.from(body)
      copy[0] = (copy[0] ?? 0) ^ 0xff
      request.body = copy
    } else if (body instanceof Readable) {
      let seenLine = !afterFirstLine
      let done = false
      request.body = body.pipe(
        new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            const copy = Buffer.from(chunk)
            for (let i = 0; i < copy.length && !done; i++) {
              if (seenLine) {
                copy[i] = (copy[i] ?? 0) ^ 0xff
                done = true
              } else if (copy[i] === 0x0a) seenLine = true
            }
            callback(null, copy)
          },
        }),
      )
    }
    return next(args)
  }
  client.middlewareStack.addRelativeTo(corrupt as unknown as Middleware, {
    relation: 'after',
    toMiddleware: 'httpSigningMiddleware',
    name: 'corruptBody',
  })
}

describe('header-signed SDK requests', () => {
  let harness: LocalStoreHarness
  beforeAll(async () => {
    harness = await startLocalStore()
  })
  afterAll(() => harness.close())

  it('refuses a clock more than 15 minutes off with RequestTimeTooSkewed', async () => {
    const client = harness.sdkClient({ systemClockOffset: -20 * 60 * 1000, maxAttempts: 1 })
    const error = await client
      .send(new PutObjectCommand({ Bucket: BUCKET, Key: 'skew.txt', Body: 'x' }))
      .catch((e) => e)
    expect(error.name).toBe('RequestTimeTooSkewed')
    expect(error.$metadata.httpStatusCode).toBe(403)
  })

  it('accepts a clock 10 minutes off', async () => {
    const client = harness.sdkClient({ systemClockOffset: -10 * 60 * 1000, maxAttempts: 1 })
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'skew-ok.txt', Body: 'x' }))
  })

  it('refuses a wrong secret key', async () => {
    const client = harness.sdkClient({
      credentials: { accessKeyId: 'sandbox-key', secretAccessKey: 'wrong' },
    })
    const error = await client
      .send(new PutObjectCommand({ Bucket: BUCKET, Key: 'k.txt', Body: 'x' }))
      .catch((e) => e)
    expect(error.name).toBe('SignatureDoesNotMatch')
  })

  it('refuses an unknown access key', async () => {
    const client = harness.sdkClient({
      credentials: { accessKeyId: 'nobody', secretAccessKey: 'x' },
    })
    const error = await client
      .send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'k.txt' }))
      .catch((e) => e)
    expect(error.$metadata.httpStatusCode).toBe(403)
  })

  it('refuses a body that does not match the signed x-amz-content-sha256', async () => {
    const client = harness.sdkClient({ maxAttempts: 1 })
    corruptAfterSigning(client, false)
    const error = await client
      .send(new PutObjectCommand({ Bucket: BUCKET, Key: 'sha.bin', Body: randomBody(1000) }))
      .catch((e) => e)
    expect(error.name).toBe('XAmzContentSHA256Mismatch')
  })

  it('refuses an aws-chunked body whose CRC32 trailer does not match', async () => {
    const client = harness.sdkClient({ maxAttempts: 1 })
    corruptAfterSigning(client, true)
    const body = randomBody(5000)
    const error = await client
      .send(
        new PutObjectCommand({
          Bucket: BUCKET,
          Key: 'crc.bin',
          Body: Readable.from([body]),
          ContentLength: body.length,
        }),
      )
      .catch((e) => e)
    expect(error.name).toBe('BadDigest')
    expect(await harness.storage.head('crc.bin')).toBeNull()
  })
})
