import { readdir } from 'node:fs/promises'
import { request } from 'node:http'
import { dirname } from 'node:path'
import { PutObjectCommand } from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BUCKET, type LocalStoreHarness, startLocalStore } from './local-store-harness.ts'

describe('object keys cannot escape the store', () => {
  let harness: LocalStoreHarness
  beforeAll(async () => {
    harness = await startLocalStore()
  })
  afterAll(() => harness.close())

  it.each(['../escape.txt', 'uploads/../../escape.txt', 'uploads/./x.txt'])(
    'refuses the key %s',
    async (key) => {
      const error = await harness.storage
        .putObject(key, Buffer.from('x'), 'text/plain')
        .catch((e) => e)
      expect(error).toMatchObject({ code: 'InvalidArgument', status: 400 })
    },
  )

  it('refuses a dot-dot key in a presigned URL sent without normalization', async () => {
    const client = harness.sdkClient({ requestChecksumCalculation: 'WHEN_REQUIRED' })
    const url = new URL(
      await getSignedUrl(
        client,
        new PutObjectCommand({ Bucket: BUCKET, Key: 'a/../../../escape.txt' }),
        {
          expiresIn: 60,
        },
      ),
    )
    // fetch() would resolve the dots away; an attacker's raw request does not.
    const rawPath = `/storage/${BUCKET}/a/../../../escape.txt${url.search}`
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        { host: url.hostname, port: url.port, method: 'PUT', path: rawPath },
        (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        },
      )
      req.on('error', reject)
      req.end('x')
    })

    expect(status).toBe(400)
    const everywhere = [
      ...(await readdir(harness.rootDir, { recursive: true })),
      ...(await readdir(dirname(harness.rootDir))),
    ]
    expect(everywhere.filter((name) => name.endsWith('escape.txt'))).toEqual([])
  })

  it('stores keys that merely look like paths', async () => {
    await harness.storage.putObject('a/b', Buffer.from('1'), 'text/plain')
    await harness.storage.putObject('a/b/c', Buffer.from('2'), 'text/plain')
    await harness.storage.putObject('a//d/', Buffer.from('3'), 'text/plain')
    expect(await harness.storage.head('a/b')).toMatchObject({ size: 1 })
    expect(await harness.storage.head('a/b/c')).toMatchObject({ size: 1 })
    expect(await harness.storage.head('a//d/')).toMatchObject({ size: 1 })
  })
})
