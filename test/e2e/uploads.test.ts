import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningApp, startApp } from './support/app.ts'
import { makeVideoFile, mediaDir, sha256OfFile, smallClipPath } from './support/media-files.ts'
import { recordTraffic } from './support/traffic.ts'
import { shown } from './support/ui.ts'
import {
  completes,
  creations,
  listedInLibrary,
  openUploads,
  storageRequests,
  storedObjectHash,
} from './support/uploads.ts'

const MiB = 1024 * 1024

interface VideoCreation {
  storage_key: string
  caption?: string
  channel_id?: string
}
interface CompleteBody {
  parts: { part: number; etag: string }[]
}

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

// What the page sent on the uploads path: the POST /videos bodies, the storage part PUTs with their
// timing, the signed form POSTs, and the multipart complete calls.
function watchTraffic() {
  const traffic = recordTraffic(app.page)
  const storage = () => storageRequests(traffic, new URL(app.serviceUrl).origin)
  return {
    stop: traffic.stop,
    creations: () => creations(traffic).map((creation) => creation.body as VideoCreation),
    partPuts: () => storage().filter((request) => request.method === 'PUT'),
    formPosts: () => storage().filter((request) => request.method === 'POST'),
    completes: () => completes(traffic).map((complete) => complete.body as CompleteBody),
  }
}

async function uploadThroughDashboard(path: string) {
  const { page } = app
  await page.locator('.uppy-Dashboard-input').first().setInputFiles(path)
  const upload = page.getByRole('button', { name: /^Upload 1 file/ })
  // Adding a file reads its duration and keeps a copy for resuming after a reload; for the 13 MiB
  // file that once took over the page's 10 s on a two-core machine running other work.
  await upload.waitFor({ state: 'visible', timeout: 30_000 })
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

  expect(traffic.formPosts()).toHaveLength(1)
  expect(traffic.partPuts()).toHaveLength(0)
  expect(traffic.creations()).toHaveLength(1)
  const creation = traffic.creations()[0]
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

  expect(traffic.formPosts()).toHaveLength(0)
  expect(
    traffic
      .partPuts()
      .map((put) => put.url.searchParams.get('partNumber'))
      .sort(),
  ).toEqual(['1', '2', '3'])
  // Parallel: every part was sent before the first one finished.
  const firstEnd = Math.min(
    ...traffic.partPuts().map((put) => put.endedAt ?? Number.POSITIVE_INFINITY),
  )
  expect(traffic.partPuts().every((put) => put.sentAt <= firstEnd)).toBe(true)
  expect(traffic.completes()).toHaveLength(1)
  expect((traffic.completes()[0]?.parts ?? []).map((part) => part.part)).toEqual([1, 2, 3])
  expect((traffic.completes()[0]?.parts ?? []).every((part) => part.etag.length > 0)).toBe(true)

  expect(traffic.creations()).toHaveLength(1)
  const creation = traffic.creations()[0]
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
  expect(traffic.formPosts().length + traffic.partPuts().length).toBe(0)
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
  expect(traffic.formPosts()).toHaveLength(0)

  await details.getByLabel('Hashtags').fill('fixed')
  await page.getByRole('button', { name: /^Upload 1 file/ }).click()
  const row = page.getByRole('list', { name: 'Created videos' }).getByRole('listitem')
  await expect.poll(() => row.first().textContent(), { timeout: 30_000 }).toMatch(/video created/)
  traffic.stop()
  expect(traffic.creations()).toEqual([expect.objectContaining({ hashtags: ['fixed'] })])
  await expect.poll(() => alert.count()).toBe(0)
})
