import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningApp, startApp } from './support/app.ts'
import { makeVideoFile, mediaDir, sha256OfFile } from './support/media-files.ts'
import { recordTraffic } from './support/traffic.ts'
import { shown } from './support/ui.ts'
import {
  createdKeys,
  creations,
  multipartStarts,
  singleSignatures,
  storageRequests,
  storedObjectHash,
} from './support/uploads.ts'

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

it('after a reload, asks for a file too large to keep, and continues it from its stored parts', async () => {
  const { page } = app
  // Over 100 MiB: the browser keeps no copy of it over a reload.
  const path = await makeVideoFile(media.dir, 'keynote-full.mp4', {
    durationSeconds: 20,
    totalBytes: 101 * MiB,
  })
  // A slower uplink (about 25 MB/s), so the reload comes while parts are still being sent.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 5,
    downloadThroughput: -1,
    uploadThroughput: 25 * 1024 * 1024,
  })
  await page.goto(`${app.url}/uploads`)
  await page.getByLabel('Caption', { exact: true }).fill('Keynote: {name}')
  const storage = new URL(app.serviceUrl).origin
  const traffic = recordTraffic(page)
  await page.locator('.uppy-Dashboard-input').first().setInputFiles(path)
  await page.getByRole('button', { name: /^Upload 1 file/ }).click()

  const storedParts = () =>
    storageRequests(traffic, storage).filter(
      (request) => request.method === 'PUT' && request.status === 200,
    )
  await expect.poll(() => storedParts().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(4)
  await page.reload()

  const missing = page.getByRole('list', { name: 'Files to pick again' })
  await shown(missing)
  expect(await missing.textContent()).toContain('keynote-full.mp4')
  // The details entered before the reload are still there.
  expect(await page.getByLabel('Caption', { exact: true }).inputValue()).toBe('Keynote: {name}')

  await page.locator('.uppy-Dashboard-input').first().setInputFiles(path)
  await page.getByRole('button', { name: /^Upload 1 file/ }).click()
  const rows = page.getByRole('list', { name: 'Created videos' }).getByRole('listitem')
  await expect.poll(() => rows.first().textContent(), { timeout: 60_000 }).toMatch(/video created/)
  await expect.poll(() => missing.count()).toBe(0)
  traffic.stop()
  await cdp.detach()

  // One multipart upload, continued: no part stored before the reload was sent again.
  expect(multipartStarts(traffic)).toBe(1)
  const stored = storedParts().map((request) => request.url.searchParams.get('partNumber'))
  expect(stored.length).toBe(new Set(stored).size)
  const keys = createdKeys(traffic)
  expect(keys).toHaveLength(1)
  expect(creations(traffic)[0]?.body).toMatchObject({ caption: 'Keynote: keynote-full' })
  expect(await storedObjectHash(app, keys[0] ?? '')).toBe(sha256OfFile(path))
}, 120_000)

it('going to the library during an upload and coming back resumes it, and creates one video', async () => {
  const { page } = app
  const path = await makeVideoFile(media.dir, 'walkthrough.mp4', {
    durationSeconds: 12,
    totalBytes: 60 * MiB,
  })
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 5,
    downloadThroughput: -1,
    uploadThroughput: 20 * 1024 * 1024,
  })
  await page.goto(`${app.url}/uploads`)
  await page.getByLabel('Caption', { exact: true }).fill('Tour: {name}')
  const traffic = recordTraffic(page)
  await page.locator('.uppy-Dashboard-input').first().setInputFiles(path)
  await page.getByRole('button', { name: /^Upload 1 file/ }).click()
  await expect.poll(() => singleSignatures(traffic)).toBe(1)

  const nav = page.getByRole('navigation', { name: 'Main' })
  await nav.getByRole('link', { name: 'Video library' }).click()
  await shown(page.getByRole('heading', { name: 'Video library' }))
  await nav.getByRole('link', { name: 'Uploads' }).click()

  await shown(page.getByRole('status').filter({ hasText: 'resume' }))
  const rows = page.getByRole('list', { name: 'Created videos' }).getByRole('listitem')
  await expect.poll(() => rows.first().textContent(), { timeout: 60_000 }).toMatch(/video created/)
  traffic.stop()
  await cdp.detach()

  const created = creations(traffic).filter((creation) => creation.status === 201)
  expect(created).toHaveLength(1)
  expect(created[0]?.body).toMatchObject({ caption: 'Tour: walkthrough' })
  expect(singleSignatures(traffic)).toBe(2)
}, 120_000)
