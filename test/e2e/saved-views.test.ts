import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { type Device, signedInAs } from './support/roles.ts'
import { focused, gone, shown, textOf } from './support/ui.ts'

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

it('sends the saved views in the library rendered on the server: the sidebar lists them before any script has run, and the page does not ask again', async () => {
  const viewer = devices.viewer.page
  const asked: string[] = []
  const listen = (request: { url(): string }) => {
    if (new URL(request.url()).pathname === '/api/dashboard/views') asked.push(request.url())
  }
  viewer.on('request', listen)
  const html = (await (await viewer.goto(`${app.url}/videos`))?.text()) ?? ''
  expect(html).toMatch(/<nav aria-label="Saved views".*Untagged “the” videos/s)
  await shown(savedViews(viewer).getByRole('link', { name: 'Untagged “the” videos' }))
  // Hydrated: the page's own keys answer, and it has asked for no list of views.
  await viewer.keyboard.press('/')
  await focused(viewer.getByLabel('Search captions'))
  viewer.off('request', listen)
  expect(asked).toEqual([])
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

it('fifty views of one’s own stay out of the navigation’s way, and a fifty-first is refused with the reason', async () => {
  const { page } = devices.editor
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`${app.url}/videos`)
  // Saved at the dashboard server as the app saves them.
  await page.evaluate(async () => {
    for (let n = 1; n <= 50; n++) {
      const response = await fetch('/api/dashboard/views', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-dashboard-request': '1' },
        body: JSON.stringify({ name: `Edit ${n}`, shared: false, search: { q: `clip ${n}` } }),
      })
      if (response.status !== 201) throw new Error(`view ${n}: HTTP ${response.status}`)
    }
  })
  await page.reload()
  const mine = savedViews(page).getByRole('region', { name: 'My views' })
  await shown(mine.getByRole('link', { name: 'Edit 1', exact: true }))
  expect(await mine.getByRole('link').count()).toBe(5)
  const inView = async (locator: ReturnType<typeof page.getByRole>) => {
    const box = await locator.boundingBox()
    return box !== null && box.y >= 0 && box.y + box.height <= 900
  }
  const main = page.getByRole('navigation', { name: 'Main' })
  expect(await inView(main.getByRole('link', { name: 'Home' }))).toBe(true)
  expect(await inView(page.getByRole('button', { name: 'Collapse sidebar' }))).toBe(true)

  // From the keyboard: "Show all" reveals every view, in a list of bounded height.
  await mine.getByRole('button', { name: 'Show all (50)' }).focus()
  await page.keyboard.press('Enter')
  await focused(mine.getByRole('link', { name: 'Edit 6', exact: true }))
  expect(await mine.getByRole('link').count()).toBe(50)
  expect((await savedViews(page).boundingBox())?.height).toBeLessThan(500)
  expect(await inView(page.getByRole('button', { name: 'Collapse sidebar' }))).toBe(true)
  expect(await seriousAccessibilityViolations(page)).toEqual([])
  await mine.getByRole('link', { name: 'Edit 50' }).click()
  await page.waitForURL((url) => url.searchParams.get('q') === 'clip 50')

  devices.editor.expectConsoleError(/status of 422 .*\/api\/dashboard\/views/)
  await page.getByRole('button', { name: 'Save view…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Save this view' })
  await dialog.getByLabel('Name').fill('One too many')
  await dialog.getByRole('button', { name: 'Save view' }).click()
  await shown(
    dialog.getByRole('alert').filter({
      hasText:
        'You have 50 views of your own, the most one person keeps: delete one you no longer use to save another',
    }),
  )
  expect(await dialog.getByLabel('Name').inputValue()).toBe('One too many')
  await dialog.getByRole('button', { name: 'Cancel' }).click()

  // On a phone, the drawer lists them the same way.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole('button', { name: 'Menu' }).click()
  const drawer = page.getByRole('dialog', { name: 'Navigation' })
  const inDrawer = drawer.getByRole('region', { name: 'My views' })
  await shown(inDrawer.getByRole('button', { name: 'Show all (50)' }))
  expect(await inDrawer.getByRole('link').count()).toBe(5)
  expect(await inView(drawer.getByRole('link', { name: 'Home' }))).toBe(true)
})
