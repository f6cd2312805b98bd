import { afterAll, beforeAll, expect, it } from 'vitest'
import type { BusinessStoreList, ProductList } from '@/api/generated/types.gen.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { api, firstChannelVideos, renameVideo } from './support/service-api.ts'
import { focused, gone, shown } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp({ seedVideos: 20 })
  await app.page.goto(`${app.url}/videos`)
})
afterAll(() => app?.close())

const palette = () => app.page.getByRole('dialog', { name: 'Search or go to' })
const input = () => palette().getByRole('combobox', { name: 'Search or go to' })

async function openPalette() {
  await app.page.keyboard.press('Control+K')
  await shown(palette())
  await focused(input())
}

// Presses ↓ until the option named `name` is the active one, as a person watching the list would.
async function arrowTo(name: string) {
  const option = palette().getByRole('option', { name })
  await shown(option)
  for (let press = 0; press < 20; press++) {
    if ((await option.getAttribute('data-active-item')) !== null) return
    await app.page.keyboard.press('ArrowDown')
  }
  throw new Error(`the arrows never reached “${name}”`)
}

it('finds a video by its caption and opens it, from the keyboard alone', async () => {
  const { page } = app
  const video = (await firstChannelVideos(app, 'page_size=1&fields=caption')).videos[0]
  if (!video) throw new Error('no video in the demo data')
  await renameVideo(app, video.id, 'Kumquat picnic lookbook')
  await shown(page.getByRole('heading', { level: 1, name: 'Video library' }))

  await openPalette()
  await page.keyboard.type('kumquat')
  await arrowTo('Kumquat picnic lookbook')
  await page.keyboard.press('Enter')
  await page.waitForURL(`**/videos/${video.id}*`)
  await gone(palette())
  await shown(page.getByRole('heading', { level: 1, name: 'Kumquat picnic lookbook' }))
})

it('finds a product by an identifier and opens its store’s catalog on it', async () => {
  const { page } = app
  const { stores } = await api<BusinessStoreList>(app, 'GET', '/api/v1/business_stores')
  const store = stores.find((each) => each.name === 'Aurora EU Store')
  const { products } = await api<ProductList>(
    app,
    'GET',
    `/api/v1/products?business_store_id=${store?.id}&page_size=1`,
  )
  const product = products[0]
  if (!store || !product?.external_id || !product.name) throw new Error('no product to find')

  await openPalette()
  await page.keyboard.type(product.external_id)
  await arrowTo(product.name)
  await page.keyboard.press('Enter')
  await page.waitForURL(`**/stores/${store.id}*`)
  await shown(
    page.getByRole('table', { name: 'Products' }).getByRole('button', { name: product.name }),
  )
})

it('runs actions: Upload videos and New playlist', async () => {
  const { page } = app
  await openPalette()
  await page.keyboard.type('upload')
  await arrowTo('Upload videos')
  await page.keyboard.press('Enter')
  await shown(page.getByRole('heading', { level: 1, name: 'Uploads' }))

  await openPalette()
  await page.keyboard.type('new play')
  await arrowTo('New playlist')
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'New playlist' })
  await shown(dialog)
  await page.keyboard.press('Escape')
  await gone(dialog)
  expect(new URL(page.url()).searchParams.has('create')).toBe(false)
})

it('closes with Escape and gives the focus back; is listed in the shortcuts help', async () => {
  const { page } = app
  await page.goto(`${app.url}/videos`)
  const search = page.getByLabel('Search captions')
  await search.click()
  await openPalette()
  await page.keyboard.type('stores')
  await shown(palette().getByRole('option', { name: 'Stores' }))
  await page.keyboard.press('Escape')
  await gone(palette())
  await focused(search)

  await page.getByRole('heading', { level: 1, name: 'Video library' }).click()
  await page.keyboard.press('?')
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await shown(help.getByText('Search or go to: screens, videos, products, actions'))
})
