import { afterAll, beforeAll, expect, it } from 'vitest'
import type { BusinessStoreList, ProductList } from '@/api/generated/types.gen.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { api } from './support/service-api.ts'
import { shown } from './support/ui.ts'

let app: RunningApp
let storeId: string
beforeAll(async () => {
  app = await startApp({ seedVideos: 10 })
  await app.page.goto(`${app.url}/stores`)
  const { stores } = await api<BusinessStoreList>(app, 'GET', '/api/v1/business_stores')
  storeId = stores.find((store) => store.name === 'Aurora EU Store')?.id ?? ''
})
afterAll(() => app?.close())

const product = async (externalId: string) => {
  const list = await api<ProductList>(
    app,
    'GET',
    `/api/v1/products?business_store_id=${storeId}&q=${externalId}`,
  )
  return list.products.find((each) => each.external_id === externalId)
}

it('previews a CSV import, then creates and updates products and reports every row', async () => {
  const seeded = await product('aeu-prod-0001')
  const unit = seeded?.units[0]?.external_id ?? ''
  const csv = [
    'product_id,product_name,brand,variant_id,variant_name,sku,price,original_price,quantity',
    `aeu-prod-0001,${seeded?.name},${seeded?.brand},${unit},,,42.5,,7`,
    'porto-cap,Porto Cap,Aurora,pc-blue,Blue,PC-BLUE,25,30,10',
    'porto-cap,Porto Cap,Aurora,pc-red,Red,PC-RED,25,,4',
    'faro-mug,Faro Mug,Aurora,fm-1,One size,FM-1,12,,3',
    'faro-mug,Faro Mug,Aurora,fm-1,One size again,FM-1B,12,,3',
    'evora-tee,Evora Tee,Aurora,et-s,Small,ET-S,cheap,,3',
    ',Nameless,Aurora,x-1,,,9,,1',
  ].join('\n')

  await app.page.goto(`${app.url}/stores/${storeId}`)
  await app.page.getByRole('button', { name: 'Import CSV…' }).click()
  const dialog = app.page.getByRole('dialog', { name: 'Import products from a CSV file' })
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'catalog.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  })
  await shown(dialog.getByText('1 product will be created and 1 updated; 4 rows refused'))
  const refused = dialog.getByRole('table', { name: 'Rows refused' })
  expect(await refused.textContent()).toContain('Another variant of this product has this id.')
  expect(await refused.textContent()).toContain(
    'Not imported: line 6 of the same product is refused.',
  )
  expect(await refused.textContent()).toContain('No product_id.')
  expect(await refused.textContent()).toContain('Enter a number. (price)')
  expect(await seriousAccessibilityViolations(app.page)).toEqual([])
  expect(await product('porto-cap')).toBeUndefined()

  await dialog.getByRole('button', { name: 'Import 2 products' }).click()
  const report = dialog.getByRole('table', { name: 'Import report' })
  await shown(report)
  expect(await report.textContent()).toContain('Created')
  expect(await report.textContent()).toContain('Updated')
  expect((await product('porto-cap'))?.units.map((each) => each.external_id)).toEqual([
    'pc-blue',
    'pc-red',
  ])
  expect((await product('aeu-prod-0001'))?.units[0]).toMatchObject({ price: 42.5, quantity: 7 })
  expect(await product('faro-mug')).toBeUndefined()
  expect(await product('evora-tee')).toBeUndefined()
})
