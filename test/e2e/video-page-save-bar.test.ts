import { afterAll, beforeAll, expect, it } from 'vitest'
import type { BusinessStoreList, Product, ProductList, Video } from '@/api/generated/types.gen.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { api, firstVideoId } from './support/service-api.ts'
import { gone, shown } from './support/ui.ts'

let app: RunningApp
let video: Video
let product: Product
beforeAll(async () => {
  app = await startApp({ seedVideos: 10 })
  await app.page.goto(`${app.url}/videos`)
  const id = await firstVideoId(app, ['approved'])
  const { stores } = await api<BusinessStoreList>(app, 'GET', '/api/v1/business_stores')
  const main = stores.find((store) => store.name === 'Aurora Main Store')
  video = await api<Video>(app, 'PATCH', `/api/v1/videos/${id}`, {
    business_store_id: main?.id,
    product_ids: [],
  })
  const list = await api<ProductList>(
    app,
    'GET',
    `/api/v1/products?business_store_id=${main?.id}&page_size=5`,
  )
  product = list.products.find((candidate) => candidate.units[0]?.sku) as Product
})
afterAll(() => app?.close())

const bar = () => app.page.getByRole('region', { name: 'Unsaved changes' })
const caption = () => app.page.getByRole('textbox', { name: 'Caption' })
const products = () => app.page.getByRole('region', { name: 'Products' })
const tagged = () => products().getByRole('button', { name: /^Untag / })

// A change in Details and one in Products, far apart on the page.
async function changeCaptionAndTags(newCaption: string) {
  const { page } = app
  await page.goto(`${app.url}/videos/${video.id}`)
  await caption().fill(newCaption)
  const search = products().getByRole('combobox', { name: 'Find products to tag' })
  await search.focus()
  await page.keyboard.type(product.units[0]?.sku ?? '')
  await page
    .getByRole('option', { name: /— whole product/ })
    .first()
    .click()
  await page.keyboard.press('Escape')
  await shown(bar())
}

it('counts the changes of every section in one bar, and Discard puts them all back', async () => {
  await changeCaptionAndTags('Caption to discard')
  await expect.poll(() => bar().textContent()).toMatch(/2 unsaved changes: Caption, Product tags/)
  expect(await seriousAccessibilityViolations(app.page)).toEqual([])

  await bar().getByRole('button', { name: 'Discard changes' }).click()
  await gone(bar())
  expect(await caption().inputValue()).toBe(video.caption ?? '')
  expect(await tagged().count()).toBe(0)
})

it('saves every section from the bar, which a reload shows', async () => {
  const newCaption = `Saved from the bar ${Date.now()}`
  await changeCaptionAndTags(newCaption)
  await bar().getByRole('button', { name: 'Save changes' }).click()
  // The tags are reviewed before the list is replaced, as before.
  const review = app.page.getByRole('dialog', { name: 'Save the product tags?' })
  await review.getByRole('button', { name: 'Save tags' }).click()
  await gone(bar())

  await app.page.reload()
  await expect.poll(() => caption().inputValue()).toBe(newCaption)
  await expect.poll(() => tagged().count()).toBe(1)
  const stored = await api<Video>(app, 'GET', `/api/v1/videos/${video.id}`)
  expect([stored.caption, stored.product_ids]).toEqual([newCaption, [product.id]])
})

it('still asks before leaving with unsaved changes, and Stay keeps them', async () => {
  const { page } = app
  await page.goto(`${app.url}/videos/${video.id}`)
  await caption().fill('Not saved yet')
  await shown(bar())
  await page.getByRole('link', { name: 'Back to the video library' }).click()
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' })
  await ask.getByRole('button', { name: 'Stay on this page' }).click()
  expect(new URL(page.url()).pathname).toBe(`/videos/${video.id}`)
  expect(await caption().inputValue()).toBe('Not saved yet')

  await page.getByRole('link', { name: 'Back to the video library' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Leave without saving' }).click()
  await page.waitForURL(/\/videos(\?.*)?$/)
})
