import { afterAll, beforeAll, expect, it } from 'vitest'
import type { BusinessStoreList, ProductList, ProductVideoList } from '@/api/generated/types.gen.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { api } from './support/service-api.ts'
import { shown } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp({ seedVideos: 60 })
})
afterAll(() => app?.close())

const products = () => app.page.getByRole('table', { name: 'Products' }).getByRole('row')

it('opens a store on its catalog, finds a product by its SKU and shows its variants and videos', async () => {
  const { page } = app
  await page.goto(`${app.url}/stores`)
  const { stores } = await api<BusinessStoreList>(app, 'GET', '/api/v1/business_stores')
  const main = stores.find((store) => store.name === 'Aurora Main Store')
  if (!main) throw new Error('the demo has no main store')
  await page.getByRole('link', { name: 'Aurora Main Store' }).click()
  await shown(page.getByRole('heading', { name: 'Aurora Main Store' }))
  // The first page, then the next one by "Show more".
  await expect.poll(() => products().count()).toBe(26)
  await page.getByRole('button', { name: 'Show more products' }).click()
  await expect.poll(() => products().count()).toBe(51)
  expect(await seriousAccessibilityViolations(page)).toEqual([])

  // A product some live video features, found through the service.
  const list = await api<ProductList>(
    app,
    'GET',
    `/api/v1/products?business_store_id=${main.id}&page_size=100`,
  )
  let tagged: ProductList['products'][number] | undefined
  let featuring: ProductVideoList['videos'] = []
  for (const product of list.products) {
    const videos = await api<ProductVideoList>(app, 'GET', `/api/v1/products/${product.id}/videos`)
    if (videos.videos.length > 0) {
      tagged = product
      featuring = videos.videos
      break
    }
  }
  if (!tagged) throw new Error('no product of the main store is on a live video')
  const sku = tagged.units[0]?.sku ?? ''
  await page.getByLabel(/^Search products by name/).fill(sku)
  await page.waitForURL(new RegExp(`q=${sku}`))
  await expect.poll(() => products().count()).toBe(2)
  // Pictures wait for a pause in typing; then the product's is drawn.
  const picture = products().nth(1).locator('img')
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)
  await products().nth(1).getByRole('button').click()
  const dialog = page.getByRole('dialog', { name: tagged.name ?? '' })
  await shown(dialog.getByRole('table', { name: `Variants of ${tagged.name}` }))
  expect(await dialog.textContent()).toContain(`SKU ${sku}`)
  for (const video of featuring)
    await shown(
      dialog.getByRole('link', { name: video.caption || 'Untitled video', exact: true }).first(),
    )
  expect(await seriousAccessibilityViolations(page)).toEqual([])
})
