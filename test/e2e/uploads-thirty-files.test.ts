import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningApp, startApp } from './support/app.ts'
import { makeVideoFile, mediaDir, smallClipPath } from './support/media-files.ts'
import { failedRequest, uppyError } from './support/page-errors.ts'
import { type StorageProxy, startStorageProxy } from './support/storage-proxy.ts'
import { recordTraffic } from './support/traffic.ts'
import { shown } from './support/ui.ts'
import { createdKeys, creations, openUploads } from './support/uploads.ts'

const MiB = 1024 * 1024

let app: RunningApp
let proxy: StorageProxy
let media: ReturnType<typeof mediaDir>
beforeAll(async () => {
  media = mediaDir()
  proxy = await startStorageProxy()
  // The service's limit is 20 per 5 minutes; 20 per 20 s shows the same behaviour in seconds.
  app = await startApp({ seedVideos: 5, rateLimit: '20/20', storageProxy: proxy })
})
afterAll(async () => {
  await app?.close()
  await proxy?.close()
  media?.cleanup()
})

async function mixedFiles() {
  const small = Array.from({ length: 20 }, (_, index) => {
    const path = join(media.dir, `spring-${String(index + 1).padStart(2, '0')}.mp4`)
    copyFileSync(smallClipPath, path)
    return path
  })
  const medium = await Promise.all(
    [1, 2, 3, 4].map((n) =>
      makeVideoFile(media.dir, `spring-medium-${n}.mp4`, {
        durationSeconds: 5 + n,
        totalBytes: n * MiB + 12_345,
      }),
    ),
  )
  // Multipart from 5 MiB here, so these go in two or three parts.
  const large = await Promise.all(
    [6, 8, 9, 10, 11, 12].map((size) =>
      makeVideoFile(media.dir, `spring-large-${size}.mp4`, {
        durationSeconds: 10,
        totalBytes: size * MiB + 777,
      }),
    ),
  )
  return [...small, ...medium, ...large]
}

interface ListedVideo {
  id: string
  caption: string | null
  description: string | null
  hashtags: string[] | null
}

// Every video of the campaign, read from the service through the dashboard (links.next followed).
async function campaignVideos(channelId: string) {
  const videos: ListedVideo[] = []
  let next: string | null =
    `/api/v1/videos?channel_id=${encodeURIComponent(channelId)}&hashtag=spring30&page_size=100`
  while (next) {
    const response = await fetch(new URL(next, app.url), { headers: app.session })
    const page = (await response.json()) as {
      videos: ListedVideo[]
      links?: { next?: string | null }
    }
    videos.push(...page.videos)
    next = page.links?.next ?? null
  }
  return videos
}

it('turns 30 dropped files into 30 videos with their details, through a rate limit, a network drop and a reload', async () => {
  const { page } = app
  const paths = await mixedFiles()
  await openUploads(app, 5 * MiB)
  await page.getByLabel('Caption', { exact: true }).fill('Spring: {name}')
  await page.getByLabel('Description').fill('Spring campaign, week 30')
  await page.getByLabel('Hashtags').fill('spring30 #campaign')

  const traffic = recordTraffic(page)
  // What the page logs on the way: the rate limit; a creation whose answer the reload cut, asked
  // again and refused as done (the refusal names the video); the dashboard saying the service
  // cannot be reached; storage requests cut; and Uppy's log of each upload it will retry.
  app.expectConsoleError(failedRequest(429, `${app.url}/api/v1/videos`))
  app.expectConsoleError(failedRequest(422, `${app.url}/api/v1/videos`))
  app.expectConsoleError(failedRequest(502, `${app.url}/api/v1/`))
  app.expectConsoleError(failedRequest('network', `${proxy.url}/storage/`))
  app.expectConsoleError(uppyError('Unknown error'))
  await page.locator('.uppy-Dashboard-input').first().setInputFiles(paths)
  const button = page.getByRole('button', { name: /^Upload 30 files/ })
  await shown(button)
  await button.click()

  const createdRows = page
    .getByRole('list', { name: 'Created videos' })
    .getByRole('listitem')
    .filter({ hasText: 'video created' })
  await expect.poll(() => createdRows.count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(3)
  // The network goes away for three seconds: uploads in flight fail and are retried. Storage and
  // the service (through the dashboard) are both behind the proxy.
  const dropAt = Date.now()
  proxy.dropNetwork(3_000)
  const throughProxy = () =>
    traffic.requests.filter(
      (request) => request.url.origin === proxy.url || request.url.pathname.startsWith('/api/v1/'),
    )
  await expect
    .poll(
      () =>
        throughProxy().some(
          (request) =>
            (request.endedAt ?? 0) >= dropAt && (request.status === null || request.status === 502),
        ),
      {
        timeout: 10_000,
        message: 'a request to fail while the network is down',
      },
    )
    .toBe(true)
  // Nothing gets through until the network is back, so an answer means it is.
  await expect
    .poll(
      () =>
        throughProxy().some(
          (request) =>
            request.sentAt >= dropAt && (request.status === 200 || request.status === 204),
        ),
      {
        timeout: 30_000,
        message: 'the uploads to go on once the network is back',
      },
    )
    .toBe(true)
  // The marketer reloads the page while files still wait to be uploaded or created.
  await page.reload()

  await expect.poll(() => creations(traffic).length).toBeGreaterThan(0)
  const channelId = String(
    (creations(traffic)[0]?.body as { channel_id?: string } | undefined)?.channel_id,
  )
  await expect
    .poll(async () => (await campaignVideos(channelId)).length, {
      timeout: 150_000,
      interval: 2_000,
    })
    .toBe(30)
  traffic.stop()

  const videos = await campaignVideos(channelId)
  const expectedCaptions = paths.map(
    (path) => `Spring: ${path.split('/').pop()?.replace('.mp4', '')}`,
  )
  expect(videos.map((video) => video.caption).sort()).toEqual(expectedCaptions.sort())
  for (const video of videos) {
    expect(video.description).toBe('Spring campaign, week 30')
    expect(video.hashtags).toEqual(['spring30', 'campaign'])
  }
  // Each stored object became one video; the rate limit was met on the way.
  const keys = createdKeys(traffic)
  expect(new Set(keys).size).toBe(keys.length)
  expect(creations(traffic).some((creation) => creation.status === 429)).toBe(true)

  // And the library shows them.
  await page.goto(`${app.url}/videos?q=${encodeURIComponent('Spring:')}`)
  await expect
    .poll(() => page.locator('ul[aria-label="Videos"] li').count(), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(24)
}, 240_000)
