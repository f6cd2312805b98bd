import { afterAll, beforeAll, expect, it } from 'vitest'
import type { ProductMatchList, VideoList } from '@/api/generated/types.gen.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { api, firstChannelVideos } from './support/service-api.ts'
import { shown } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  // A service as documented: its video list has no has_pending_matches filter.
  app = await startApp({ documentedOnly: true })
})
afterAll(() => app?.close())

it('queues a video for review once its matching job completes, on a service without the filter', async () => {
  const { page } = app
  await page.goto(`${app.url}/videos`)
  // The filter is ignored: the "filtered" list is every video.
  const all = await firstChannelVideos(app, 'page_size=1')
  const filtered = await firstChannelVideos(app, 'has_pending_matches=true&page_size=1')
  expect(filtered.pagination.total_entries).toBe(all.pagination.total_entries)

  const list = await firstChannelVideos(app, 'status=approved&page_size=50')
  let video: VideoList['videos'][number] | undefined
  for (const each of list.videos) {
    const matches = await api<ProductMatchList>(
      app,
      'GET',
      `/api/v1/videos/${each.id}/product_matches`,
    )
    if (matches.status === 'none') {
      video = each
      break
    }
  }
  if (!video) throw new Error('no video without matching')
  await page.goto(`${app.url}/videos/${video.id}`)
  const panel = page.getByRole('region', { name: 'AI matching' })
  await panel.getByRole('button', { name: 'Find products with AI' }).click()
  await shown(panel.getByText(/The last matching job completed\. \d+ suggestions, \d+ waiting/))

  await page.goto(`${app.url}/matches?video=${video.id}`)
  await shown(page.getByRole('list', { name: 'Suggested products' }))
  await shown(page.getByText(/^Video \d+ of \d+ waiting for review/))
  await page.keyboard.press('Shift+A')
  await page.keyboard.press('Enter')
  await expect
    .poll(async () =>
      (
        await api<ProductMatchList>(app, 'GET', `/api/v1/videos/${video.id}/product_matches`)
      ).matches.every((match) => match.status === 'accepted'),
    )
    .toBe(true)
})
