import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Video } from '@/api/generated/types.gen.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { smallClipPath } from './support/media-files.ts'
import { gone, shown } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp({ seedVideos: 5 })
})
afterAll(() => app?.close())

// A time two days ahead, to the minute, as the page's datetime-local input takes it (the browser's
// local time) and as the service stores it (ISO UTC).
async function twoDaysAhead() {
  return app.page.evaluate(() => {
    const date = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000)
    date.setSeconds(0, 0)
    const pad = (n: number) => String(n).padStart(2, '0')
    const local = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
    return { local, iso: date.toISOString() }
  })
}

// Read through the dashboard's own /api/v1 forwarding, as the app does.
const readApi = <T>(path: string) =>
  app.page.evaluate(async (url) => {
    const response = await fetch(url)
    if (!response.ok) throw new Error(`${url}: ${response.status}`)
    return response.json()
  }, path) as Promise<T>

it('uploads an MP4 scheduled, with a product tag and its own caption, and passes axe', async () => {
  const { page } = app
  await page.goto(`${app.url}/uploads`)
  const details = page.getByRole('form', { name: 'Details for every file' })
  await shown(details)

  // Details for every file: a schedule two days ahead and one product found by keyboard.
  await details.getByRole('radio', { name: 'Schedule' }).check()
  const when = await twoDaysAhead()
  await details.getByLabel('Publish at').fill(when.local)
  await details.getByLabel('Hashtags').fill('#launch')
  const search = details.getByRole('combobox', { name: 'Find products to tag' })
  await expect.poll(() => search.isEnabled()).toBe(true)
  await search.focus()
  await page.keyboard.type('Chelsea')
  const listbox = details.getByRole('listbox', { name: 'Matching products and variants' })
  await expect.poll(() => listbox.getAttribute('aria-busy')).toBeNull()
  const whole = listbox.getByRole('option', { name: /— whole product/ }).first()
  const productName = ((await whole.textContent()) ?? '').split(' — ')[0] ?? ''
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  const variant = listbox.getByRole('option').filter({ hasNotText: 'whole product' }).last()
  const variantText = (await variant.textContent()) ?? ''
  await variant.click()
  await page.keyboard.press('Escape')
  const wholes = details.getByRole('list', { name: 'Whole products, shown first' })
  await shown(wholes.getByRole('button', { name: `Untag ${productName}`, exact: true }))
  const variants = details.getByRole('list', { name: /^Specific variants/ })
  expect(await variants.getByRole('listitem').count()).toBe(1)
  const storeId = await details.getByLabel('Store').inputValue()

  // One file, with its own caption typed in Uppy's file editor.
  await page.locator('.uppy-Dashboard-input').first().setInputFiles(smallClipPath)
  await page.getByRole('button', { name: /^Edit file clip-01-aurora-sneakers/ }).click()
  await page.locator('#uppy-Dashboard-FileCard-input-caption').fill('Rooftop sneakers, own caption')
  expect(await page.getByLabel('Publication', { exact: true }).inputValue()).toBe('')
  // The editor slides in; contrast is measured once it has.
  await gone(page.locator('[class*="uppy-transition-slideDownUp"]'))
  expect(await seriousAccessibilityViolations(app.page)).toEqual([])
  await page.getByRole('button', { name: 'Save changes' }).click()
  await shown(page.getByRole('button', { name: /^Upload 1 file/ }))

  expect(await seriousAccessibilityViolations(app.page)).toEqual([])

  const created = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === '/api/v1/videos',
  )
  await page.getByRole('button', { name: /^Upload 1 file/ }).click()
  const response = await created
  expect(response.status()).toBe(201)
  const { id } = (await response.json()) as Video

  // What the service holds: the file's own caption, the tag, and a future publication.
  const video = await readApi<Video>(`/api/v1/videos/${id}`)
  expect(video.caption).toBe('Rooftop sneakers, own caption')
  expect(video.hashtags).toEqual(['launch'])
  expect(video.published_at).toBe(when.iso)
  expect(video.is_published).toBe(false)
  expect(video.product_ids).toHaveLength(1)
  const product = await readApi<{ name: string; brand: string | null }>(
    `/api/v1/products/${video.product_ids[0]}`,
  )
  expect(productName).toBe([product.name, product.brand].filter(Boolean).join(' · '))
  // The variant sent is the one picked: its owner's name and its SKU were on the option.
  expect(video.variant_ids).toHaveLength(1)
  const owners = await readApi<{
    products: { name: string; units: { id: string; sku: string | null }[] }[]
  }>(`/api/v1/products?business_store_id=${storeId}&q=${video.variant_ids[0]}`)
  const owner = owners.products.find((each) =>
    each.units.some((u) => u.id === video.variant_ids[0]),
  )
  const unit = owner?.units.find((u) => u.id === video.variant_ids[0])
  expect(variantText).toContain(owner?.name)
  expect(variantText).toContain(`· ${unit?.sku}`)

  // The details are still there after a reload.
  await page.reload()
  await shown(details)
  expect(await details.getByLabel('Publish at').inputValue()).toBe(when.local)
  await shown(wholes.getByRole('button', { name: `Untag ${productName}`, exact: true }))
  expect(await variants.getByRole('listitem').count()).toBe(1)
})
