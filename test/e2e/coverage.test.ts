import { afterAll, beforeAll, expect, it } from 'vitest'
import type { ChannelList, VideoList } from '@/api/generated/types.gen.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { api } from './support/service-api.ts'
import { shown } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp({ seedVideos: 60 })
})
afterAll(() => app?.close())

// Coverage: a merchandiser opens it from the Stores screen (as well as the sidebar), sorts the products no live video
// shows, switches to the live videos that show no product, and exports what they see as CSV.
it('lists the products without a live video and the live videos without a product, and exports them', async () => {
  const { page } = app
  await page.goto(`${app.url}/stores`)
  await page.getByRole('main').getByRole('link', { name: 'Coverage' }).click()
  await shown(page.getByRole('heading', { level: 1, name: 'Coverage' }))
  const products = page.getByRole('table', { name: 'Products without a live video' })
  await shown(products)
  await shown(page.getByText(/^From the dashboard's index: checked against the service/))
  // An admin sees the index's passes, and starts one.
  await shown(page.getByRole('status').filter({ hasText: /^The last backfill began / }))
  await page.getByRole('button', { name: 'Check against the service now' }).click()
  await shown(page.getByRole('status').filter({ hasText: /^The last reconcile began / }))

  // Sorted by price, highest first: the first row's price is the highest shown.
  await page.getByLabel('Sort by').selectOption('price')
  await page.getByLabel('Order').selectOption('desc')
  await page.waitForURL(/sort=price/)
  await page.waitForURL(/order=desc/)
  const prices = async () =>
    (await products.getByRole('row').allTextContents())
      .slice(1)
      .map((text) => Number(text.match(/[\d,]+\.\d\d/)?.[0]?.replaceAll(',', '') ?? Number.NaN))
      .filter((price) => !Number.isNaN(price))
  await expect
    .poll(async () => {
      const shownPrices = await prices()
      return (
        shownPrices.length > 1 &&
        shownPrices.every((price, i) => i === 0 || price <= (shownPrices[i - 1] ?? 0))
      )
    })
    .toBe(true)
  expect(await seriousAccessibilityViolations(page)).toEqual([])

  // A live video made to show no product appears in the other view as the change comes in (the
  // server writes each webhook into its index before passing it on), linking to its page.
  const { channels } = await api<ChannelList>(app, 'GET', '/api/v1/channels')
  const { videos } = await api<VideoList>(
    app,
    'GET',
    `/api/v1/videos?channel_id=${channels[0]?.id}&published=true&page_size=1&fields=caption`,
  )
  const live = videos[0] as VideoList['videos'][number]
  await api(app, 'PATCH', `/api/v1/videos/${live.id}`, { product_ids: [] })
  await page.getByRole('tab', { name: 'Live videos without a product' }).click()
  await page.waitForURL(/show=videos/)
  const unselling = page.getByRole('table', { name: 'Live videos without a product' })
  await shown(unselling.getByRole('link', { name: live.caption ?? 'Untitled video', exact: true }))

  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export CSV' }).click()
  const csv = await (await download).createReadStream()
  let text = ''
  for await (const chunk of csv) text += chunk
  expect(text.split('\r\n')[0]).toBe('video_id,caption,published_at,duration')
  expect(text).toContain(live.id)
})
