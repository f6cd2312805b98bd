import { afterAll, beforeAll, expect, it } from 'vitest'
import type {
  ChannelList,
  Product,
  ProductList,
  Video,
  VideoList,
} from '@/api/generated/types.gen.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { api } from './support/service-api.ts'
import { focused, shown } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp({ seedVideos: 60 })
})
afterAll(() => app?.close())

// A product sells out: the video page warns on its products section, and the broken tags list
// replaces the tag with an in-stock product of the same brand at one key.
it('warns of a tag that no longer sells and replaces it with one key', async () => {
  const { page } = app
  await page.goto(`${app.url}/stores`)
  const { channels } = await api<ChannelList>(app, 'GET', '/api/v1/channels')
  const { videos } = await api<VideoList>(
    app,
    'GET',
    `/api/v1/videos?channel_id=${channels[0]?.id}&page_size=100&fields=caption,product_ids`,
  )
  // A tagged product with another of its brand in stock in its store.
  let found: { video: VideoList['videos'][number]; product: Product; sibling: Product } | null =
    null
  for (const video of videos) {
    const productId = video.product_ids?.[0]
    if (!productId || !video.caption) continue
    const product = await api<Product>(app, 'GET', `/api/v1/products/${productId}`)
    const { products } = await api<ProductList>(
      app,
      'GET',
      `/api/v1/products?business_store_id=${product.business_store_id}&page_size=100`,
    )
    const sibling = products.find(
      (other) =>
        other.id !== product.id &&
        other.brand === product.brand &&
        other.units.every((unit) => unit.quantity === null || unit.quantity > 0),
    )
    if (sibling) {
      found = { video, product, sibling }
      break
    }
  }
  if (!found) throw new Error('the demo has no tagged product with an in-stock sibling')
  const { video, product } = found
  await api(app, 'POST', '/api/v1/products', {
    business_store_id: product.business_store_id,
    external_id: product.external_id,
    product_units: product.units.map((unit) => ({ external_id: unit.external_id, quantity: 0 })),
  })
  // The index learns of the change from the dashboard's own answer: no pass is needed.
  await page.goto(`${app.url}/videos/${video.id}#products`)
  const notice = page.getByText(/no longer sells?$/)
  await shown(notice)
  await shown(page.getByText(`${product.name} is out of stock on every variant`, { exact: false }))
  expect(await seriousAccessibilityViolations(page)).toEqual([])

  await page.getByRole('link', { name: 'Fix broken tags' }).click()
  await page.waitForURL(/\/coverage\?.*show=tags/)
  const rows = page.getByRole('list', { name: 'Broken tags' }).getByRole('listitem')
  const row = rows.filter({
    has: page.getByRole('link', { name: video.caption ?? '', exact: true }),
  })
  await shown(row.first())
  expect(await seriousAccessibilityViolations(page)).toEqual([])
  await row.first().focus()
  await focused(row.first())
  await page.keyboard.press('r')
  await shown(page.getByText(new RegExp(`^Replaced ${product.name} with .+ on ${video.caption}`)))
  const saved = await api<Video>(app, 'GET', `/api/v1/videos/${video.id}`)
  expect(saved.product_ids).not.toContain(product.id)
  const replacement = saved.product_ids.find((id) => !video.product_ids?.includes(id))
  const chosen = await api<Product>(app, 'GET', `/api/v1/products/${replacement}`)
  expect(chosen.brand).toBe(product.brand)
})
