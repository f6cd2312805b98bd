import { readdir } from 'node:fs/promises'
import { request } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signatureFields } from './form-post.ts'
import { type LocalStoreHarness, randomBody, startLocalStore } from './local-store-harness.ts'

describe('browser form upload cut off mid-file', () => {
  let harness: LocalStoreHarness
  beforeAll(async () => {
    harness = await startLocalStore()
  })
  afterAll(() => harness.close())

  it('leaves no object and no temporary file behind', async () => {
    const key = 'uploads/partial/source.mp4'
    const signature = await harness.storage.presignPost(key, 'video/mp4')
    const boundary = 'partialboundary'
    const head = signatureFields(signature, 'video/mp4')
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('')
    const fileHeader = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="v.mp4"\r\n\r\n`
    const url = new URL(signature.post_url)

    await new Promise<void>((resolve) => {
      const req = request(url, {
        method: 'POST',
        headers: {
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': 10 * 1024 * 1024,
        },
      })
      req.on('error', () => resolve())
      req.on('close', () => resolve())
      req.write(head + fileHeader)
      req.write(randomBody(1024 * 1024), () => setTimeout(() => req.destroy(), 100))
    })
    await new Promise((resolve) => setTimeout(resolve, 200))

    expect(await harness.storage.head(key)).toBeNull()
    expect(await readdir(join(harness.rootDir, 'store', 'tmp'))).toEqual([])
  })
})
