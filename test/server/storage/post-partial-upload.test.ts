import { readdir } from 'node:fs/promises'
import { request } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitUntil } from '../wait-until.ts'
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

    const tempDir = join(harness.rootDir, 'store', 'tmp')
    const tempFiles = () =>
      readdir(tempDir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return []
        throw error
      })
    const req = request(url, {
      method: 'POST',
      headers: {
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': 10 * 1024 * 1024,
      },
    })
    const closed = new Promise<void>((resolve) => req.on('close', resolve))
    req.on('error', () => {})
    req.write(head + fileHeader)
    req.write(randomBody(1024 * 1024))
    // Cut off only once the store is writing the file, so the cleanup is what is tested.
    await waitUntil(
      async () => (await tempFiles()).length > 0,
      'the store to start writing the upload to a temporary file',
    )
    req.destroy()
    await closed

    await waitUntil(
      async () => (await tempFiles()).length === 0,
      'the store to remove the temporary file of the cut-off upload',
    )
    expect(await harness.storage.head(key)).toBeNull()
  })
})
