import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { type Device, signedInAs } from './support/roles.ts'
import { gone, shown, textOf } from './support/ui.ts'

let app: RunningApp
let devices: Record<'viewer' | 'editor', Device>
beforeAll(async () => {
  app = await startApp({ seedVideos: 40 })
  devices = await signedInAs(app, ['viewer', 'editor'])
})
afterAll(() => app?.close())

const savedViews = (page: RunningApp['page']) =>
  page.getByRole('complementary').getByRole('navigation', { name: 'Saved views' })

it('an editor saves a filtered library as a shared view; a viewer opens it from the sidebar', async () => {
  const { page } = devices.editor
  await page.goto(`${app.url}/videos?q=the&view=table`)
  await page.getByRole('button', { name: 'Products and readiness filters' }).click()
  await page.getByLabel('Readiness').selectOption({ label: 'No product' })
  await page.waitForURL(/untagged=true/)
  const count = page.locator('[data-library-count]')
  await expect.poll(() => textOf(count)).toMatch(/match$/)
  const filtered = await textOf(count)

  await page.getByRole('button', { name: 'Save view…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Save this view' })
  // A view needs a name; what was chosen stays while the refusal is read.
  await dialog.getByLabel('Share with the team').check()
  await dialog.getByRole('button', { name: 'Save view' }).click()
  await shown(dialog.getByText('Give the view a name.'))
  expect(await dialog.getByLabel('Share with the team').isChecked()).toBe(true)
  await dialog.getByLabel('Name').fill('Untagged “the” videos')
  expect(await seriousAccessibilityViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Save view' }).click()
  await gone(dialog)
  await shown(page.getByText('Saved the view “Untagged “the” videos”, shared with the team.'))
  await shown(savedViews(page).getByRole('link', { name: 'Untagged “the” videos' }))

  // The same name twice is refused with the reason, and the name typed stays.
  devices.editor.expectConsoleError(/status of 409 .*\/api\/dashboard\/views/)
  await page.getByRole('button', { name: 'Save view…' }).click()
  await dialog.getByLabel('Share with the team').check()
  await dialog.getByLabel('Name').fill('Untagged “the” videos')
  await dialog.getByRole('button', { name: 'Save view' }).click()
  await shown(dialog.getByRole('alert').filter({ hasText: /already shares a view named/ }))
  expect(await dialog.getByLabel('Name').inputValue()).toBe('Untagged “the” videos')
  await dialog.getByRole('button', { name: 'Cancel' }).click()

  const viewer = devices.viewer.page
  await viewer.goto(`${app.url}/uploads`)
  await savedViews(viewer).getByRole('link', { name: 'Untagged “the” videos' }).click()
  await viewer.waitForURL(/\/videos\?/)
  const url = new URL(viewer.url())
  expect(url.searchParams.get('q')).toBe('the')
  expect(url.searchParams.get('untagged')).toBe('true')
  expect(url.searchParams.get('view')).toBe('table')
  await expect.poll(() => textOf(viewer.locator('[data-library-count]'))).toBe(filtered)
  // Viewers open views; saving one is an editor's.
  const save = viewer.getByRole('button', { name: 'Save view…' })
  expect(await save.getAttribute('aria-disabled')).toBe('true')
})

it('a personal view is listed for its owner only, and the owner deletes it', async () => {
  const { page } = devices.editor
  await page.goto(`${app.url}/videos?state=draft`)
  await page.getByRole('button', { name: 'Save view…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Save this view' })
  await dialog.getByLabel('Name').fill('My drafts')
  await dialog.getByRole('button', { name: 'Save view' }).click()
  await gone(dialog)
  const mine = savedViews(page).getByRole('region', { name: 'My views' })
  await shown(mine.getByRole('link', { name: 'My drafts' }))

  const viewer = devices.viewer.page
  await viewer.goto(`${app.url}/videos`)
  await shown(savedViews(viewer).getByRole('link', { name: 'Untagged “the” videos' }))
  expect(await savedViews(viewer).getByRole('link', { name: 'My drafts' }).count()).toBe(0)

  await page.getByRole('button', { name: 'Save view…' }).click()
  await dialog.getByRole('button', { name: 'Delete My drafts' }).click()
  await shown(page.getByText('Deleted “My drafts”.'))
  await gone(mine.getByRole('link', { name: 'My drafts' }))
})
