import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Video, VideoList } from '@/api/generated/types.gen.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { api, firstChannelVideos } from './support/service-api.ts'
import { shown } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp({ seedVideos: 60 })
})
afterAll(() => app?.close())

const dialog = () => app.page.getByRole('dialog')

// The team asks about videos without products; a draft without any is caught before it goes
// live, alone on its page and in a library selection.
it('asks before publishing a video that is not ready, and publishes it only when told to go on', async () => {
  const { page } = app
  await page.goto(`${app.url}/coverage`)
  for (const check of ['No caption', 'A tag that no longer sells', 'No poster'])
    await page.getByLabel(check).uncheck()
  await page.getByLabel('No product tagged').check()
  await page.getByRole('button', { name: 'Save checks' }).click()
  await shown(page.getByText('Readiness checks saved for the team'))

  const { videos } = await firstChannelVideos(
    app,
    'status=approved&page_size=3&fields=caption,product_ids',
  )
  const product = videos.flatMap((video) => video.product_ids ?? [])[0]
  expect(product).toBeDefined()
  const [bare, other, untitled] = videos as Array<VideoList['videos'][number]> as [
    VideoList['videos'][number],
    VideoList['videos'][number],
    VideoList['videos'][number],
  ]
  await api(app, 'PATCH', `/api/v1/videos/${bare.id}`, { product_ids: [], variant_ids: [] })
  await api(app, 'POST', `/api/v1/videos/${bare.id}/unpublish`)

  await page.goto(`${app.url}/videos/${bare.id}`)
  const publishing = page.getByRole('region', { name: 'Publishing' })
  await publishing.getByRole('button', { name: 'Publish now' }).click()
  await shown(dialog().getByText('No product is tagged: it sells nothing.'))
  expect(await seriousAccessibilityViolations(page)).toEqual([])
  await dialog().getByRole('button', { name: 'Cancel' }).click()
  expect((await api<Video>(app, 'GET', `/api/v1/videos/${bare.id}`)).published_at).toBeNull()

  await publishing.getByRole('button', { name: 'Publish now' }).click()
  await dialog().getByRole('button', { name: 'Go on anyway' }).click()
  await expect
    .poll(async () => (await api<Video>(app, 'GET', `/api/v1/videos/${bare.id}`)).published_at)
    .not.toBeNull()

  // In a library selection, the dialog names each video that is not ready, by its caption or, with
  // none, by its id; one that is ready is not listed.
  await api(app, 'POST', `/api/v1/videos/${bare.id}/unpublish`)
  await api(app, 'PATCH', `/api/v1/videos/${other.id}`, { product_ids: [product] })
  await api(app, 'PATCH', `/api/v1/videos/${untitled.id}`, {
    caption: '',
    product_ids: [],
    variant_ids: [],
  })
  await page.goto(`${app.url}/videos?status=approved`)
  const card = (id: string) =>
    page.locator('ul[aria-label="Videos"] li').filter({ has: page.locator(`a[href*="${id}"]`) })
  for (const video of [bare, other, untitled]) await card(video.id).getByRole('checkbox').check()
  await page
    .getByRole('region', { name: 'Bulk actions' })
    .getByRole('button', { name: 'Publish', exact: true })
    .click()
  const asking = page.getByRole('dialog', { name: '2 videos not ready for shoppers' })
  const notReady = asking.getByRole('region', { name: 'Videos not ready' })
  await shown(notReady)
  expect((await notReady.getByRole('listitem').allTextContents()).sort()).toEqual(
    [
      `${bare.caption}: No product is tagged: it sells nothing.`,
      `${untitled.id}: No product is tagged: it sells nothing.`,
    ].sort(),
  )
  expect(await seriousAccessibilityViolations(page)).toEqual([])
})
