import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningApp, startApp } from './support/app.ts'
import { mediaDir, smallClipPath } from './support/media-files.ts'
import { failedRequest } from './support/page-errors.ts'
import { recordTraffic } from './support/traffic.ts'
import { shown, textOf } from './support/ui.ts'
import { createdKeys, creations, storageKeyOf } from './support/uploads.ts'

let app: RunningApp
let media: ReturnType<typeof mediaDir>
beforeAll(async () => {
  media = mediaDir()
  // The service's limit is 20 per 5 minutes; 3 per 12 s shows the same behaviour in seconds.
  app = await startApp({ seedVideos: 5, rateLimit: '3/12' })
})
afterAll(async () => {
  await app?.close()
  media?.cleanup()
})

it('queues the files past the creation rate limit, counts down, and creates each once, in order', async () => {
  const { page } = app
  const files = ['one', 'two', 'three', 'four', 'five'].map((name) => {
    const path = join(media.dir, `${name}.mp4`)
    copyFileSync(smallClipPath, path)
    return path
  })
  app.expectConsoleError(failedRequest(429, `${app.url}/api/v1/videos`))
  const traffic = recordTraffic(page)
  await page.goto(`${app.url}/uploads`)
  await page.locator('.uppy-Dashboard-input').first().setInputFiles(files)
  await page.getByRole('button', { name: /^Upload 5 files/ }).click()

  const notice = page.getByRole('status').filter({ hasText: 'will be created in order' })
  await shown(notice)
  expect(await textOf(notice)).toMatch(/in \d+ s/)

  const rows = page.getByRole('list', { name: 'Created videos' }).getByRole('listitem')
  await expect
    .poll(
      async () =>
        (await rows.allTextContents()).filter((row) => row.includes('video created')).length,
      {
        timeout: 40_000,
      },
    )
    .toBe(5)
  traffic.stop()
  const created = createdKeys(traffic)
  expect(created).toHaveLength(5)
  expect(new Set(created).size).toBe(5)
  expect(creations(traffic).some((creation) => creation.status === 429)).toBe(true)
  // Created in the order the uploads first asked: a held file is not overtaken by a later one.
  const firstAsked = [...new Set(creations(traffic).map(storageKeyOf))]
  expect(created).toEqual(firstAsked)
  await page.goto(`${app.url}/videos`)
  await expect
    .poll(() => page.locator('ul[aria-label="Videos"] li').count())
    .toBeGreaterThanOrEqual(5)
})
