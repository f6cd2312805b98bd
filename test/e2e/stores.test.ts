import { afterAll, beforeAll, expect, it } from 'vitest'
import type { BusinessStoreList } from '@/api/generated/types.gen.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { failedRequest } from './support/page-errors.ts'
import { api } from './support/service-api.ts'
import { gone, shown } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp({ seedVideos: 10 })
})
afterAll(() => app?.close())

const table = () => app.page.getByRole('table', { name: 'Stores, newest first' })
const stored = async (name: string) => {
  const list = await api<BusinessStoreList>(app, 'GET', '/api/v1/business_stores?page_size=100')
  return list.stores.find((store) => store.name === name)
}

async function chooseCurrency(typed: string, option: RegExp) {
  const box = app.page.getByRole('combobox', { name: 'Currency' })
  await box.fill('')
  await box.focus()
  await app.page.keyboard.type(typed)
  await app.page.getByRole('option', { name: option }).click()
}

it('creates a local store, refusing a uid already used, then edits and deletes it', async () => {
  const { page } = app
  await page.goto(`${app.url}/stores`)
  await shown(table().getByText('Aurora on Shopify'))
  expect(
    await table()
      .getByRole('row', { name: /Aurora on Shopify/ })
      .textContent(),
  ).toContain('Shopify')
  expect(await seriousAccessibilityViolations(page)).toEqual([])

  await page.getByRole('button', { name: 'New store' }).click()
  const dialog = page.getByRole('dialog', { name: 'New store' })
  await dialog.getByRole('button', { name: 'Create store' }).click()
  await shown(dialog.getByText('Choose the store’s currency.'))
  await dialog.getByLabel('Name').fill('Lisbon pop-up')
  await chooseCurrency('euro', /^Euro EUR$/)
  await dialog.getByLabel('Store id on your commerce platform').fill('aurora-us')
  await dialog.getByLabel('Storefront address').fill('https://lisbon.aurora.example')
  app.expectConsoleError(failedRequest(422, `${app.url}/api/v1/business_stores`))
  await dialog.getByRole('button', { name: 'Create store' }).click()
  await shown(dialog.getByText(/The service refused it: .*uid/))
  expect(await dialog.getByLabel('Name').inputValue()).toBe('Lisbon pop-up')
  await dialog.getByLabel('Store id on your commerce platform').fill('lisbon-popup')
  await dialog.getByRole('button', { name: 'Create store' }).click()
  await gone(dialog)
  await shown(table().getByText('Lisbon pop-up'))
  expect(await stored('Lisbon pop-up')).toMatchObject({ currency: 'EUR', provider: 'local' })

  await page.getByRole('button', { name: 'Actions for Lisbon pop-up' }).click()
  await page.getByRole('menuitem', { name: 'Edit…' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit store' })
  const fixed = edit.getByRole('region', { name: 'Fixed when the store was created' })
  expect(await fixed.textContent()).toContain('lisbon-popup')
  expect(await fixed.textContent()).toContain('Managed here')
  await edit.getByLabel('Name').fill('Lisbon shop')
  await chooseCurrency('pound', /^British Pound GBP$/)
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await gone(edit)
  await shown(table().getByText('Lisbon shop'))
  expect(await stored('Lisbon shop')).toMatchObject({ currency: 'GBP' })

  await page.getByRole('button', { name: 'Actions for Lisbon shop' }).click()
  await page.getByRole('menuitem', { name: 'Delete…' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete store' }).click()
  await gone(table().getByText('Lisbon shop'))
  expect(await stored('Lisbon shop')).toBeUndefined()
})

it('explains why a store feeding a domain assistant cannot be deleted', async () => {
  const { page } = app
  await page.goto(`${app.url}/stores`)
  await page.getByRole('button', { name: 'Actions for Aurora on Shopify' }).click()
  await page.getByRole('menuitem', { name: 'Delete…' }).click()
  app.expectConsoleError(failedRequest(422, `${app.url}/api/v1/business_stores/`))
  await page.getByRole('dialog').getByRole('button', { name: 'Delete store' }).click()
  await shown(
    page.getByText(/linked to a domain assistant \(a knowledge base\)\. Remove those links/),
  )
  expect(await stored('Aurora on Shopify')).toBeDefined()
})
