import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Video } from '@/api/generated/types.gen.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { smallClipPath } from './support/media-files.ts'
import { firstChannelVideos, renameVideo } from './support/service-api.ts'
import { shown } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp({ seedVideos: 30 })
})
afterAll(() => app?.close())

const liveIn = (page: RunningApp['page']) => page.getByRole('status').filter({ hasText: /^Live/ })

it('shows an upload made in one tab, once approved, in another tab without a reload', async () => {
  const other = await app.context.newPage()
  await other.goto(`${app.url}/videos?status=approved`)
  await shown(liveIn(other))
  const caption = `Live upload ${Date.now()}`

  await app.page.goto(`${app.url}/uploads`)
  const details = app.page.getByRole('form', { name: 'Details for every file' })
  await details.getByLabel('Caption').fill(caption)
  await app.page.locator('.uppy-Dashboard-input').first().setInputFiles(smallClipPath)
  await app.page.getByRole('button', { name: /^Upload 1 file/ }).click()

  await shown(other.getByRole('link', { name: caption }).first())
  await other.close()
})

it('catches up on what changed while its stream was cut, once it is back', async () => {
  const { page, context } = app
  await page.goto(`${app.url}/videos?status=approved`)
  await shown(liveIn(page))
  const list = await firstChannelVideos(app, 'status=approved&page_size=1')
  const video = list.videos[0] as Video
  await shown(page.getByRole('link', { name: video.caption ?? '' }).first())

  await context.setOffline(true)
  await shown(page.getByRole('status').filter({ hasText: /^Not live/ }))
  const caption = `Renamed while offline ${Date.now()}`
  await renameVideo(app, video.id, caption)
  await context.setOffline(false)
  await shown(liveIn(page))
  await shown(page.getByRole('link', { name: caption }).first())
})

it('asks, after a reload, for the events since the last one the page saw', async () => {
  const { page } = app
  await page.goto(`${app.url}/videos?status=approved`)
  await shown(liveIn(page))
  const list = await firstChannelVideos(app, 'status=approved&page_size=1')
  const video = list.videos[0] as Video
  const caption = `Renamed before a reload ${Date.now()}`
  await renameVideo(app, video.id, caption)
  await shown(page.getByRole('link', { name: caption }).first())

  // Events sent while the page reloads are not lost: the new stream resumes from the last one.
  const [stream] = await Promise.all([
    page.waitForRequest((request) => new URL(request.url()).pathname === '/events'),
    page.reload(),
  ])
  expect(new URL(stream.url()).searchParams.get('lastEventId')).toMatch(/\S/)
  await shown(liveIn(page))
})
