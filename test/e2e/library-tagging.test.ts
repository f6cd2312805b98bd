import { afterAll, beforeAll, expect, it } from 'vitest'
import type { BusinessStoreList, ProductList, Video } from '@/api/generated/types.gen.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { failedRequest } from './support/page-errors.ts'
import { api } from './support/service-api.ts'
import { shown, textOf } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp({ seedVideos: 40 })
})
afterAll(() => app?.close())

const videoIdOf = (href: string | null) => new URL(href ?? '', 'http://x').pathname.split('/').pop()

it('adds a product to three videos, keeping their tags, and names a video changed since it was shown', async () => {
  const { page } = app
  // Without live updates, so the library keeps showing the tags as they were when it read them.
  app.expectConsoleError(failedRequest('network', `${app.url}/events`))
  await page.route('**/events*', (route) => route.abort())
  await page.goto(`${app.url}/videos?status=approved`)
  const items = page.locator('ul[aria-label="Videos"] li')
  await expect.poll(() => items.count()).toBeGreaterThan(3)
  const ids = await Promise.all(
    [0, 1, 2].map(async (index) =>
      videoIdOf(await items.nth(index).locator('a').first().getAttribute('href')),
    ),
  )
  const { stores } = await api<BusinessStoreList>(app, 'GET', '/api/v1/business_stores')
  const main = stores.find((store) => store.name === 'Aurora Main Store')
  const list = await api<ProductList>(
    app,
    'GET',
    `/api/v1/products?business_store_id=${main?.id}&page_size=30`,
  )
  const [extra, added] = [list.products[3], list.products[11]] as [
    ProductList['products'][0],
    ProductList['products'][0],
  ]
  const before = await Promise.all(ids.map((id) => api<Video>(app, 'GET', `/api/v1/videos/${id}`)))
  // Another tab tags the second video after the library showed it.
  await api(app, 'PATCH', `/api/v1/videos/${ids[1]}`, {
    business_store_id: main?.id,
    product_ids: [...(before[1]?.product_ids ?? []).filter((id) => id !== extra.id), extra.id],
  })

  for (const index of [0, 1, 2]) await items.nth(index).getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Tag products…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Tag products on 3 videos' })
  await dialog.getByLabel('Store').selectOption({ label: 'Aurora Main Store (USD)' })
  const box = dialog.getByRole('combobox', { name: 'Find products to tag' })
  await box.focus()
  await page.keyboard.type(added.units[0]?.sku ?? '')
  await page
    .getByRole('option', { name: /— whole product/ })
    .first()
    .click()
  await page.keyboard.press('Escape')
  await dialog.getByRole('button', { name: 'Add 1 to each video' }).click()
  const results = page.getByRole('region', { name: 'Bulk action results' })
  await shown(results.getByText(/3 succeeded/))
  const caption = before[1]?.caption || 'Untitled video'
  expect(await textOf(results.getByRole('list', { name: 'Notes' }))).toContain(caption)

  const after = await Promise.all(ids.map((id) => api<Video>(app, 'GET', `/api/v1/videos/${id}`)))
  after.forEach((video, index) => {
    expect(video.product_ids.at(-1)).toBe(added.id)
    for (const kept of before[index]?.product_ids ?? []) expect(video.product_ids).toContain(kept)
  })
  expect(after[1]?.product_ids).toContain(extra.id)
})
