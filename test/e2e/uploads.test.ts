import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Request } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningApp, startApp } from './support/app.ts'
import { makeVideoFile, mediaDir, sha256OfFile, smallClipPath } from './support/media-files.ts'
import { shown } from './support/ui.ts'
import { listedInLibrary, openUploads, storedObjectHash } from './support/uploads.ts'

const MiB = 1024 * 1024

let app: RunningApp
let media: ReturnType<typeof mediaDir>
beforeAll(async () => {
  media = mediaDir()
  app = await startApp({ seedVideos: 5 })
})
afterAll(async () => {
  await app?.close()
  media?.cleanup()
})

interface Traffic {
  creations: { storage_key: string; caption?: string; channel_id?: string }[]
  partPuts: { url: string; start: number; end?: number }[]
  formPosts: string[]
  completes: { parts: { part: number; etag: string }[] }[]
  stop(): void
}

// Records what the page sends: the POST /videos bodies (the storage keys), storage part PUTs with
// their timing, the signed form POSTs, and the multipart complete calls.
function watchTraffic(): Traffic {
  const { page } = app
  const storage = new URL(app.serviceUrl).origin
  const traffic: Traffic = {
    creations: [],
    partPuts: [],
    formPosts: [],
    completes: [],
    stop: () => {
      page.off('request', onRequest)
      page.off('requestfinished', onFinished)
    },
  }
  const started = new Map<Request, Traffic['partPuts'][number]>()
  const onRequest = (request: Request) => {
    const url = new URL(request.url())
    if (request.method() === 'POST' && url.pathname === '/api/v1/videos')
      traffic.creations.push(request.postDataJSON())
    if (request.method() === 'POST' && url.pathname === '/api/v1/upload_multipart/complete')
      traffic.completes.push(request.postDataJSON())
    if (url.origin === storage && request.method() === 'PUT') {
      const put = { url: request.url(), start: Date.now() }
      started.set(request, put)
      traffic.partPuts.push(put)
    }
    if (url.origin === storage && request.method() === 'POST') traffic.formPosts.push(request.url())
  }
  const onFinished = (request: Request) => {
    const put = started.get(request)
    if (put) put.end = Date.now()
  }
  page.on('request', onRequest)
  page.on('requestfinished', onFinished)
  return traffic
}

async function uploadThroughDashboard(path: string) {
  const { page } = app
  await page.locator('.uppy-Dashboard-input').first().setInputFiles(path)
  const upload = page.getByRole('button', { name: /^Upload 1 file/ })
  await shown(upload)
  await upload.click()
  const row = page.getByRole('list', { name: 'Created videos' }).getByRole('listitem')
  await expect.poll(() => row.first().textContent(), { timeout: 60_000 }).toMatch(/video created/)
}

it('uploads a small MP4 with the signed form POST and creates its video', async () => {
  const { page } = app
  await page.goto(`${app.url}/uploads`)
  await page.getByLabel('Description').fill('Shot on the roof')
  await page.getByLabel('Hashtags').fill('#aurora sneakers')
  const traffic = watchTraffic()
  await uploadThroughDashboard(smallClipPath)
  traffic.stop()

  expect(traffic.formPosts).toHaveLength(1)
  expect(traffic.partPuts).toHaveLength(0)
  expect(traffic.creations).toHaveLength(1)
  const creation = traffic.creations[0]
  if (!creation) throw new Error('no POST /videos')
  expect(creation).toMatchObject({
    caption: 'clip-01-aurora-sneakers',
    description: 'Shot on the roof',
    hashtags: ['aurora', 'sneakers'],
    access: 'public',
    publish: true,
  })
  expect(await storedObjectHash(app, creation.storage_key)).toBe(sha256OfFile(smallClipPath))
  await listedInLibrary(app, 'clip-01-aurora-sneakers')
})

it('uploads a 13 MiB MP4 in 3 parallel parts, completes it and creates its video', async () => {
  const { page } = app
  const path = await makeVideoFile(media.dir, 'big-launch.mp4', {
    durationSeconds: 8,
    totalBytes: 13 * MiB,
  })
  // Multipart from 10 MiB (instead of 100 MiB) so a 13 MiB file goes in parts of 5, 5 and 3 MiB.
  await openUploads(app, 10 * MiB)
  await page.getByLabel('Caption', { exact: true }).fill('Launch: {name}')
  await page.getByLabel('Save as draft').check()
  const traffic = watchTraffic()
  await uploadThroughDashboard(path)
  traffic.stop()

  expect(traffic.formPosts).toHaveLength(0)
  expect(
    traffic.partPuts.map((put) => new URL(put.url).searchParams.get('partNumber')).sort(),
  ).toEqual(['1', '2', '3'])
  // Parallel: every part was sent before the first one finished.
  const firstEnd = Math.min(...traffic.partPuts.map((put) => put.end ?? Number.POSITIVE_INFINITY))
  expect(traffic.partPuts.every((put) => put.start <= firstEnd)).toBe(true)
  expect(traffic.completes).toHaveLength(1)
  expect((traffic.completes[0]?.parts ?? []).map((part) => part.part)).toEqual([1, 2, 3])
  expect((traffic.completes[0]?.parts ?? []).every((part) => part.etag.length > 0)).toBe(true)

  expect(traffic.creations).toHaveLength(1)
  const creation = traffic.creations[0]
  if (!creation) throw new Error('no POST /videos')
  expect(creation).toMatchObject({ caption: 'Launch: big-launch', publish: false })
  expect(await storedObjectHash(app, creation.storage_key)).toBe(sha256OfFile(path))
  await listedInLibrary(app, 'Launch: big-launch')
  await openUploads(app)
})

it('refuses a file of the wrong type and says why, before sending anything', async () => {
  const { page } = app
  await page.goto(`${app.url}/uploads`)
  const traffic = watchTraffic()
  await page
    .locator('.uppy-Dashboard-input')
    .first()
    .setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.alloc(30_000, 'a'),
    })
  const reasons = page.getByRole('list', { name: 'Files not added' })
  await expect.poll(() => reasons.textContent()).toMatch(/notes\.txt: .*\.mp4/)
  traffic.stop()
  expect(traffic.formPosts.length + traffic.partPuts.length).toBe(0)
})

it('holds back a file whose details would be refused, says why, and sends it once they are fixed', async () => {
  const { page } = app
  const path = join(media.dir, 'held-back.mp4')
  copyFileSync(smallClipPath, path)
  await openUploads(app)
  const tooMany = Array.from({ length: 31 }, (_, index) => `tag${index}`).join(' ')
  const details = page.getByRole('form', { name: 'Details for every file' })
  await details.getByLabel('Hashtags').fill(tooMany)
  const traffic = watchTraffic()
  await page.locator('.uppy-Dashboard-input').first().setInputFiles(path)
  await page.getByRole('button', { name: /^Upload 1 file/ }).click()

  const alert = page.getByRole('alert').filter({ hasText: 'fix these details first' })
  await shown(alert)
  expect(await alert.textContent()).toMatch(/held-back\.mp4.*hashtags/i)
  expect(traffic.formPosts).toHaveLength(0)

  await details.getByLabel('Hashtags').fill('fixed')
  await page.getByRole('button', { name: /^Upload 1 file/ }).click()
  const row = page.getByRole('list', { name: 'Created videos' }).getByRole('listitem')
  await expect.poll(() => row.first().textContent(), { timeout: 30_000 }).toMatch(/video created/)
  traffic.stop()
  expect(traffic.creations).toEqual([expect.objectContaining({ hashtags: ['fixed'] })])
  await expect.poll(() => alert.count()).toBe(0)
})
