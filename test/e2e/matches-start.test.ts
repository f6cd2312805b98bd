import { afterAll, beforeAll, expect, it } from 'vitest'
import type { ProductMatchList, Video } from '@/api/generated/types.gen.ts'
import type { RunningDashboard } from '../../server/dashboard/start.ts'
import { type RunningApp, startApp, startSoloDashboard } from './support/app.ts'
import { failedRequest } from './support/page-errors.ts'
import { api, firstChannelVideos, firstVideoId } from './support/service-api.ts'
import { shown } from './support/ui.ts'

let app: RunningApp
// The same sandbox seen by the solo business, whose plan has no matching quota.
let solo: RunningDashboard | undefined
beforeAll(async () => {
  app = await startApp()
  solo = await startSoloDashboard(app)
})
afterAll(async () => {
  await solo?.close()
  await app?.close()
})

const panel = () => app.page.getByRole('region', { name: 'AI matching' })

it('starts matching with auto-accept, follows the job without a reload, and the products are tagged', async () => {
  await app.page.goto(`${app.url}/videos`)
  const list = await firstChannelVideos(
    app,
    'status=approved&has_pending_matches=false&page_size=50',
  )
  let videoId = ''
  for (const video of list.videos) {
    const matches = await api<ProductMatchList>(
      app,
      'GET',
      `/api/v1/videos/${video.id}/product_matches`,
    )
    if (matches.status === 'none') {
      videoId = video.id
      break
    }
  }
  expect(videoId).not.toBe('')
  await app.page.goto(`${app.url}/videos/${videoId}`)
  await shown(panel().getByText('No matching has run on this video yet.'))
  await panel().getByLabel('Accept every suggestion automatically').check()
  await panel().getByRole('button', { name: 'Find products with AI' }).click()
  await shown(panel().getByText(/The last matching job completed\. \d+ suggestions, 0 waiting/))

  const matches = await api<ProductMatchList>(
    app,
    'GET',
    `/api/v1/videos/${videoId}/product_matches`,
  )
  expect(matches.status).toBe('completed')
  expect(matches.matches.length).toBeGreaterThan(0)
  expect(matches.matches.every((match) => match.status === 'accepted')).toBe(true)
  const video = await api<Video>(app, 'GET', `/api/v1/videos/${videoId}`)
  expect(video.product_ids).toEqual(
    expect.arrayContaining(matches.matches.map((match) => match.product.id)),
  )
  const tagged = app.page.getByRole('region', { name: 'Products' }).getByRole('heading', {
    name: `Whole products, shown first (${video.product_ids.length})`,
  })
  await shown(tagged)
})

it('starts matching on a library selection and reports each video', async () => {
  const { page } = app
  await page.goto(`${app.url}/videos?status=approved`)
  const items = page.locator('ul[aria-label="Videos"] li')
  await expect.poll(() => items.count()).toBeGreaterThan(2)
  const ids = await Promise.all(
    [0, 1].map(async (index) => {
      const href = await items.nth(index).locator('a').first().getAttribute('href')
      return new URL(href ?? '', 'http://x').pathname.split('/').pop() ?? ''
    }),
  )
  for (const index of [0, 1]) await items.nth(index).getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Find products with AI…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Find products with AI in 2 videos' })
  await dialog.getByRole('button', { name: 'Start 2 jobs' }).click()
  const results = page.getByRole('region', { name: 'Bulk action results' })
  await shown(results.getByText('Find products with AI: 2 succeeded.'))
  // The jobs are followed on the library until they complete, without a reload.
  const jobs = page.getByRole('region', { name: 'AI matching jobs' })
  await shown(jobs.getByText(/AI matching on 2 videos: 0 in progress, 2 completed, 0 failed\./))
  for (const id of ids) {
    const list = await api<ProductMatchList>(app, 'GET', `/api/v1/videos/${id}/product_matches`)
    expect(list.status).toBe('completed')
  }
})

it('explains a used-up quota in plain words', async () => {
  if (!solo) throw new Error('no solo dashboard')
  await app.page.goto(`${solo.url}/videos`)
  const videoId = await firstVideoId(app, ['approved'])
  // The solo plan has no content_download either: the page's preview is refused with 402 too.
  app.expectConsoleError(failedRequest(402, `${solo.url}/api/v1/videos/${videoId}/`))
  await app.page.goto(`${solo.url}/videos/${videoId}`)
  await panel().getByRole('button', { name: 'Find products with AI' }).click()
  const alert = panel().getByRole('alert')
  await shown(alert)
  expect(await alert.textContent()).toContain('used up its product-matching quota')
})
