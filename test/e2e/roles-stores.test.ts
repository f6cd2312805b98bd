import { afterAll, beforeAll, expect, it } from 'vitest'
import type { BusinessStoreList } from '@/api/generated/types.gen.ts'
import type { Role } from '@/api/roles.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { type Device, expectControlFor, expectRefusalFor, signedInAs } from './support/roles.ts'
import { api } from './support/service-api.ts'
import { shown } from './support/ui.ts'

// Stores and their catalogs belong to admins: viewers and editors see them, and every control
// that would change them is disabled with the reason.
let app: RunningApp
let devices: Record<'viewer' | 'editor', Device>
let mainStoreId: string
beforeAll(async () => {
  app = await startApp({ seedVideos: 5 })
  await app.page.goto(`${app.url}/stores`)
  const { stores } = await api<BusinessStoreList>(app, 'GET', '/api/v1/business_stores')
  mainStoreId = stores.find((store) => store.name === 'Aurora Main Store')?.id ?? ''
  devices = await signedInAs(app, ['viewer', 'editor'])
})
afterAll(() => app?.close())

it.each(['viewer', 'editor'] as const)(
  'stores and a catalog as %s follow the role table',
  async (role: Role) => {
    const device = devices[role as 'viewer' | 'editor']
    const { page } = device
    await page.goto(`${app.url}/stores`)
    await expectControlFor(
      role,
      page.getByRole('button', { name: 'New store' }),
      'createBusinessStore',
    )
    await page.getByRole('button', { name: 'Actions for Aurora Main Store' }).click()
    await expectControlFor(
      role,
      page.getByRole('menuitem', { name: 'Edit…' }),
      'updateBusinessStore',
    )
    await expectControlFor(
      role,
      page.getByRole('menuitem', { name: 'Delete…' }),
      'deleteBusinessStore',
    )
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await expectRefusalFor(role, device, 'POST', '/api/v1/business_stores', {
      name: 'Not mine to open',
      currency: 'EUR',
    })
    await expectRefusalFor(role, device, 'DELETE', `/api/v1/business_stores/${mainStoreId}`)

    await page.getByRole('link', { name: 'Aurora Main Store' }).click()
    await shown(page.getByRole('heading', { name: 'Aurora Main Store' }))
    await expectControlFor(role, page.getByRole('button', { name: 'New product' }), 'upsertProduct')
    await expectControlFor(role, page.getByRole('button', { name: 'Import CSV…' }), 'upsertProduct')
    // The two share one reason, shown once.
    expect(await page.getByText('Admins can change the catalog').count()).toBe(1)
    const products = page.getByRole('table', { name: 'Products' }).getByRole('row')
    await products.nth(1).getByRole('button').click()
    const dialog = page.getByRole('dialog')
    await expectControlFor(
      role,
      dialog.getByRole('button', { name: 'Edit product' }),
      'upsertProduct',
    )
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expectRefusalFor(role, device, 'POST', '/api/v1/products', {
      business_store_id: mainStoreId,
      name: 'Not mine to sell',
    })
  },
)
