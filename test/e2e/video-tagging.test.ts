import { afterAll, beforeAll, expect, it } from 'vitest'
import type { BusinessStoreList, ProductList, Video } from '@/api/generated/types.gen.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { api, firstVideoId } from './support/service-api.ts'
import { dragWithMouse, gone, pressWhenLifted, shown } from './support/ui.ts'

let app: RunningApp
let videoId: string
let products: ProductList['products']
beforeAll(async () => {
  app = await startApp({ seedVideos: 20 })
  await app.page.goto(`${app.url}/videos`)
  videoId = await firstVideoId(app, ['approved'])
  const { stores } = await api<BusinessStoreList>(app, 'GET', '/api/v1/business_stores')
  const main = stores.find((store) => store.name === 'Aurora Main Store')
  await api(app, 'PATCH', `/api/v1/videos/${videoId}`, {
    business_store_id: main?.id,
    product_ids: [],
  })
  const list = await api<ProductList>(
    app,
    'GET',
    `/api/v1/products?business_store_id=${main?.id}&page_size=20`,
  )
  products = list.products.filter((product) => product.units.length >= 2 && product.units[0]?.sku)
})
afterAll(() => app?.close())

const panel = () => app.page.getByRole('region', { name: 'Products' })
const stored = () => api<Video>(app, 'GET', `/api/v1/videos/${videoId}`)
// The page's one save bar saves the tags, after their review.
const saveFromBar = () =>
  app.page
    .getByRole('region', { name: 'Unsaved changes' })
    .getByRole('button', { name: 'Save changes' })
    .click()

async function tag(query: string, option: RegExp) {
  const box = panel().getByRole('combobox', { name: 'Find products to tag' })
  await box.fill('')
  await box.focus()
  await app.page.keyboard.type(query)
  await app.page.getByRole('option', { name: option }).first().click()
  await app.page.keyboard.press('Escape')
}

it('tags products and a variant by search, arranges them, reviews and saves exactly that order', async () => {
  const [a, b, c] = products as [(typeof products)[0], (typeof products)[0], (typeof products)[0]]
  const variant = b.units[1] as (typeof b.units)[0]
  await app.page.goto(`${app.url}/videos/${videoId}`)
  await tag(a.units[0]?.sku ?? '', /— whole product/)
  await tag(b.units[0]?.sku ?? '', /— whole product/)
  await tag(variant.sku ?? '', new RegExp(`— .*${variant.sku}`))
  const wholes = panel().getByRole('region', { name: /^Whole products/ })
  await shown(wholes.getByText(`${a.name}`, { exact: false }).first())

  // B before A, by keyboard on B's handle.
  const handle = wholes.getByRole('button', { name: new RegExp(`^Reorder ${b.name}`) })
  await handle.focus()
  await app.page.keyboard.press('Space')
  await shown(app.page.getByText(/Picked up .* at position 2 of 2\./))
  await pressWhenLifted(app.page, 'ArrowUp', app.page.getByText(/is over position 1 of 2\./))
  await app.page.keyboard.press('Space')
  await shown(app.page.getByText(/moved to position 1 of 2\./))

  // C to the top, by mouse.
  await tag(c.units[0]?.sku ?? '', /— whole product/)
  const from = await wholes
    .getByRole('button', { name: new RegExp(`^Reorder ${c.name}`) })
    .boundingBox()
  const to = await wholes
    .getByRole('button', { name: new RegExp(`^Reorder ${b.name}`) })
    .boundingBox()
  if (!from || !to) throw new Error('the tags are not laid out')
  await dragWithMouse(
    app.page,
    { x: from.x + 8, y: from.y + 8 },
    { x: from.x + 8, y: to.y - 8 },
    app.page.getByText(/is over position 1 of 3\./),
  )
  await shown(app.page.getByText(/moved to position 1 of 3\./))

  await saveFromBar()
  const review = app.page.getByRole('dialog', { name: 'Save the product tags?' })
  const added = review.getByRole('region', { name: 'Added' })
  await expect.poll(() => added.getByRole('listitem').count()).toBe(4)
  expect(await seriousAccessibilityViolations(app.page)).toEqual([])
  await review.getByRole('button', { name: 'Save tags' }).click()
  await gone(review)
  const video = await stored()
  expect(video.product_ids).toEqual([c.id, b.id, a.id])
  expect(video.variant_ids).toEqual([variant.id])
  await shown(panel().getByText('Tags as saved.'))
})

it('says before saving that an empty list removes every tag, and does so', async () => {
  await app.page.goto(`${app.url}/videos/${videoId}`)
  const wholes = panel().getByRole('region', { name: /^Whole products/ })
  await shown(wholes.getByRole('button', { name: /^Untag / }).first())
  const untag = panel().getByRole('button', { name: /^Untag / })
  for (let left = await untag.count(); left > 0; left--) {
    await untag.first().click()
    await expect.poll(() => untag.count()).toBe(left - 1)
  }
  await saveFromBar()
  const review = app.page.getByRole('dialog', { name: 'Save the product tags?' })
  await shown(review.getByText(/removes every product and variant tag/))
  expect(await review.getByRole('region', { name: 'Removed' }).getByRole('listitem').count()).toBe(
    4,
  )
  await review.getByRole('button', { name: 'Remove every tag' }).click()
  await gone(review)
  const video = await stored()
  expect([video.product_ids, video.variant_ids]).toEqual([[], []])
})

it('shows what pasted identifiers would tag, and which are skipped and why, before tagging', async () => {
  const [a, b] = products as [(typeof products)[0], (typeof products)[0]]
  await app.page.goto(`${app.url}/videos/${videoId}`)
  await panel().getByText('Paste identifiers…').click()
  const sku = a.units[0]?.sku ?? ''
  const gtin = a.units[1]?.gtin ?? ''
  await panel().getByLabel('Identifiers').fill(`${sku}\n${gtin}, NOPE-404\n${b.external_id}`)
  await panel().getByRole('button', { name: 'Check identifiers' }).click()
  const preview = panel().getByRole('table', { name: 'What the identifiers would tag' })
  await shown(preview)
  const rows = await preview.getByRole('row').allTextContents()
  expect(rows.slice(1)).toEqual([
    `${sku}Tags ${a.name} (by SKU)`,
    `${gtin}Skipped: the same product as “${sku}” (here by GTIN)`,
    'NOPE-404Skipped: not found in this store',
    `${b.external_id}Tags ${b.name} (by external id)`,
  ])
  expect(await stored().then((video) => video.product_ids)).toEqual([])
  await panel().getByRole('button', { name: 'Tag 2 products' }).click()
  await saveFromBar()
  await app.page.getByRole('dialog').getByRole('button', { name: 'Save tags' }).click()
  await expect.poll(() => stored().then((video) => video.product_ids)).toEqual([a.id, b.id])
})
