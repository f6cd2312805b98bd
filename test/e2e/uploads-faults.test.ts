import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningApp, startApp } from './support/app.ts'
import { makeVideoFile, mediaDir, sha256OfFile, smallClipPath } from './support/media-files.ts'
import { failedRequest, uppyError } from './support/page-errors.ts'
import { type StorageProxy, startStorageProxy } from './support/storage-proxy.ts'
import { recordTraffic } from './support/traffic.ts'
import { shown } from './support/ui.ts'
import {
  completes,
  createdKeys,
  creations,
  multipartStarts,
  openUploads,
  singleSignatures,
  storageKeyOf,
  storedObjectHash,
} from './support/uploads.ts'

const MiB = 1024 * 1024

let app: RunningApp
let proxy: StorageProxy
let media: ReturnType<typeof mediaDir>
beforeAll(async () => {
  media = mediaDir()
  proxy = await startStorageProxy()
  // The service's limit is 20 per 5 minutes; 20 per 15 s shows the same behaviour in seconds.
  app = await startApp({ seedVideos: 5, rateLimit: '20/15', storageProxy: proxy })
})
afterAll(async () => {
  await app?.close()
  await proxy?.close()
  media?.cleanup()
})

async function upload(paths: string[]) {
  const { page } = app
  await page.locator('.uppy-Dashboard-input').first().setInputFiles(paths)
  const button = page.getByRole('button', { name: /^Upload \d+ files?/ })
  await shown(button)
  await button.click()
}

async function createdRows(count: number, timeout = 60_000) {
  const rows = app.page.getByRole('list', { name: 'Created videos' }).getByRole('listitem')
  await expect
    .poll(
      async () => (await rows.allTextContents()).filter((row) => /video created/.test(row)).length,
      {
        timeout,
      },
    )
    .toBe(count)
}

const expiredAnswer = {
  status: 403,
  contentType: 'application/xml',
  body: '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>',
}

it('finishes a multipart upload whose part requests are cut off mid-way twice', async () => {
  const path = await makeVideoFile(media.dir, 'cut-twice.mp4', {
    durationSeconds: 8,
    totalBytes: 13 * MiB,
  })
  await openUploads(app, 5 * MiB)
  // Chromium may log the cut requests as failed.
  app.expectConsoleError(failedRequest('network', `${proxy.url}/storage/`))
  const traffic = recordTraffic(app.page)
  proxy.cutPartUploads(2, 1 * MiB)
  await upload([path])
  await createdRows(1)
  traffic.stop()

  expect(proxy.cutUploads()).toHaveLength(2)
  expect(multipartStarts(traffic)).toBe(1)
  const keys = createdKeys(traffic)
  expect(keys).toHaveLength(1)
  expect(await storedObjectHash(app, keys[0] ?? '')).toBe(sha256OfFile(path))
})

it('completes once more after the complete call fails with a 500, and creates one video', async () => {
  const path = await makeVideoFile(media.dir, 'complete-500.mp4', {
    durationSeconds: 8,
    totalBytes: 12 * MiB,
  })
  await openUploads(app, 5 * MiB)
  app.expectConsoleError(failedRequest(500, `${app.url}/api/v1/upload_multipart/complete`))
  let failed = 0
  await app.page.route('**/api/v1/upload_multipart/complete', (route) =>
    failed++ === 0
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"message":"Internal error"}',
        })
      : route.continue(),
  )
  const traffic = recordTraffic(app.page)
  await upload([path])
  await createdRows(1)
  traffic.stop()
  await app.page.unrouteAll()

  expect(completes(traffic).map((complete) => complete.status)).toEqual([500, 204])
  const keys = createdKeys(traffic)
  expect(keys).toHaveLength(1)
  expect(await storedObjectHash(app, keys[0] ?? '')).toBe(sha256OfFile(path))
})

it('renews expired storage signatures, for a part and for a form upload, and goes on', async () => {
  const big = await makeVideoFile(media.dir, 'expired-part.mp4', {
    durationSeconds: 8,
    totalBytes: 12 * MiB,
  })
  const small = join(media.dir, 'expired-form.mp4')
  copyFileSync(smallClipPath, small)
  await openUploads(app, 5 * MiB)
  app.expectConsoleError(failedRequest(403, `${proxy.url}/storage/sandbox-uploads`))
  app.expectConsoleError(
    uppyError('The storage signature expired; new signatures are being requested.'),
  )
  const expiredOnce = new Set<string>()
  await app.page.route(`${proxy.url}/storage/**`, (route) => {
    const request = route.request()
    const kind = request.method() === 'PUT' ? 'part' : request.method() === 'POST' ? 'form' : null
    if (!kind || expiredOnce.has(kind)) return route.continue()
    expiredOnce.add(kind)
    return route.fulfill({
      ...expiredAnswer,
      headers: { 'Access-Control-Allow-Origin': app.url },
    })
  })
  const traffic = recordTraffic(app.page)
  await upload([big, small])
  await createdRows(2)
  traffic.stop()
  await app.page.unrouteAll()

  expect([...expiredOnce].sort()).toEqual(['form', 'part'])
  // New signatures: a second multipart upload and a second form signature.
  expect(multipartStarts(traffic)).toBe(2)
  expect(singleSignatures(traffic)).toBe(2)
  const keys = createdKeys(traffic)
  expect(keys).toHaveLength(2)
  const hashes = await Promise.all(keys.map((key) => storedObjectHash(app, key)))
  expect(hashes.sort()).toEqual([sha256OfFile(big), sha256OfFile(small)].sort())
})

it('creates each of a burst of 25 files exactly once, through the rate limit, in order', async () => {
  const paths = Array.from({ length: 25 }, (_, index) => {
    const path = join(media.dir, `burst-${String(index + 1).padStart(2, '0')}.mp4`)
    copyFileSync(smallClipPath, path)
    return path
  })
  await openUploads(app)
  app.expectConsoleError(failedRequest(429, `${app.url}/api/v1/videos`))
  const traffic = recordTraffic(app.page)
  await upload(paths)
  await shown(app.page.getByRole('status').filter({ hasText: 'will be created in order' }))
  await createdRows(25, 90_000)
  traffic.stop()

  expect(creations(traffic).some((creation) => creation.status === 429)).toBe(true)
  const keys = createdKeys(traffic)
  expect(keys).toHaveLength(25)
  expect(new Set(keys).size).toBe(25)
  const firstAsked = [...new Set(creations(traffic).map(storageKeyOf))]
  expect(keys).toEqual(firstAsked)
})
