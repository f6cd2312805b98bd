import { afterAll, beforeAll, expect, it } from 'vitest'
import type { BusinessStoreList, ProductList } from '@/api/generated/types.gen.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { api } from './support/service-api.ts'
import { gone, shown } from './support/ui.ts'

let app: RunningApp
let storeId: string
beforeAll(async () => {
  app = await startApp({ seedVideos: 10 })
  await app.page.goto(`${app.url}/stores`)
  const { stores } = await api<BusinessStoreList>(app, 'GET', '/api/v1/business_stores')
  storeId = stores.find((store) => store.name === 'Aurora EU Store')?.id ?? ''
})
afterAll(() => app?.close())

const stored = async (externalId: string) => {
  const list = await api<ProductList>(
    app,
    'GET',
    `/api/v1/products?business_store_id=${storeId}&q=${externalId}`,
  )
  return list.products.find((product) => product.external_id === externalId)
}

it('creates a product with two variants, refusing an original price below the price, and edits it', async () => {
  const { page } = app
  await page.goto(`${app.url}/stores/${storeId}`)
  await page.getByRole('button', { name: 'New product' }).click()
  const form = page.getByRole('dialog', { name: 'New product' })
  await form.getByLabel('Product id in your catalog').fill('lisbon-linen-shirt')
  await form.getByLabel('Product name').fill('Lisbon Linen Shirt')
  await form.getByLabel('Brand').fill('Aurora')
  const first = form.getByRole('group', { name: 'Variant 1' })
  await first.getByLabel('Variant id').fill('lls-s')
  await first.getByLabel('Name').fill('Small')
  await first.getByLabel('SKU').fill('LLS-S')
  await first.getByLabel('Price', { exact: true }).fill('59')
  await first.getByLabel('Original price').fill('49')
  await first.getByLabel('Stock').fill('12')
  await form.getByRole('button', { name: 'Add a variant' }).click()
  const second = form.getByRole('group', { name: 'Variant 2' })
  await second.getByLabel('Variant id').fill('lls-m')
  await second.getByLabel('Name').fill('Medium')
  await second.getByLabel('Price', { exact: true }).fill('59')
  await form.getByRole('button', { name: 'Create product' }).click()
  await shown(first.getByText('The original price must be at least the price.'))
  expect(await seriousAccessibilityViolations(page)).toEqual([])
  await first.getByLabel('Original price').fill('79')
  await form.getByRole('button', { name: 'Create product' }).click()
  await gone(form)
  expect(await stored('lisbon-linen-shirt')).toMatchObject({
    name: 'Lisbon Linen Shirt',
    brand: 'Aurora',
    units: [
      {
        external_id: 'lls-s',
        name: 'Small',
        sku: 'LLS-S',
        price: 59,
        original_price: 79,
        quantity: 12,
      },
      { external_id: 'lls-m', name: 'Medium', price: 59 },
    ],
  })

  await page.getByLabel(/^Search products by name/).fill('LLS-S')
  await page
    .getByRole('table', { name: 'Products' })
    .getByRole('button', { name: 'Lisbon Linen Shirt' })
    .click()
  await page.getByRole('button', { name: 'Edit product' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Lisbon Linen Shirt' })
  await edit
    .getByRole('group', { name: 'Variant 2' })
    .getByLabel('Price', { exact: true })
    .fill('64')
  await edit.getByRole('button', { name: 'Add a variant' }).click()
  const third = edit.getByRole('group', { name: 'Variant 3' })
  await third.getByLabel('Variant id').fill('lls-l')
  await third.getByLabel('Name').fill('Large')
  await edit.getByRole('button', { name: 'Save product' }).click()
  await gone(edit)
  const saved = await stored('lisbon-linen-shirt')
  expect(saved?.units.map((unit) => [unit.external_id, unit.price])).toEqual([
    ['lls-s', 59],
    ['lls-m', 64],
    ['lls-l', null],
  ])
})

it('offers no product editing for a catalog that comes from a platform, and says why', async () => {
  const { page } = app
  const { stores } = await api<BusinessStoreList>(app, 'GET', '/api/v1/business_stores')
  const shopify = stores.find((store) => store.provider === 'shopify')
  await page.goto(`${app.url}/stores/${shopify?.id}`)
  expect(await page.getByRole('button', { name: 'New product' }).isDisabled()).toBe(true)
  await shown(page.getByText('This catalog comes from Shopify; change its products there.'))
})
