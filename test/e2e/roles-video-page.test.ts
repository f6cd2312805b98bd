import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '@/api/roles.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { firstVideoId } from './support/service-api.ts'
import { shown } from './support/ui.ts'

// The video page against the role table: a viewer may read everything and change nothing, an
// editor may change everything here.

const unavailable = (button: Locator) => button.getAttribute('aria-disabled')
// The reason a control cannot be used, as it describes the control, where it is shown on screen.
const visibleReasonOf = (control: Locator) =>
  control.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id))
      .filter((reason) => reason?.checkVisibility())
      .map((reason) => reason?.textContent ?? '')
      .join(' '),
  )

const region = (page: Page, name: string | RegExp) => page.getByRole('region', { name })

// The page's buttons for roles, each with the section it is in.
const buttons = (page: Page) => [
  region(page, 'Publishing').getByRole('button', { name: 'Schedule…' }),
  region(page, 'Publishing').getByRole('button', { name: 'Unpublish' }),
  region(page, 'Publishing').getByRole('button', { name: 'Archive' }),
  page.getByRole('button', { name: 'Delete video' }),
  region(page, /^Posters/).getByRole('button', { name: 'Replace all…' }),
  region(page, /^Posters/).getByRole('button', { name: 'Add poster' }),
  region(page, 'Subtitles').getByRole('button', { name: 'Add track' }),
  region(page, 'AI matching').getByRole('button', { name: 'Find products with AI' }),
]
// Fields and pickers, disabled with one reason per section.
const fields = (page: Page) => [
  page.getByRole('textbox', { name: 'Caption' }),
  region(page, 'Products').getByRole('combobox', { name: 'Find products to tag' }),
  region(page, /^Posters/).getByRole('textbox', { name: 'Image address' }),
  region(page, 'Subtitles').getByLabel('Subtitle file'),
  region(page, 'AI matching').getByRole('checkbox', { name: /Accept every suggestion/ }),
]
// The fieldset a field is locked by.
const lockOf = (field: Locator) => field.locator('xpath=ancestor::fieldset[1]')
const sections = (page: Page) => [
  page.getByRole('form', { name: 'Details' }),
  region(page, 'Products'),
  region(page, /^Posters/),
  region(page, 'Subtitles'),
  region(page, 'AI matching'),
]

function walk(role: Role) {
  let app: RunningApp
  let videoId: string
  beforeAll(async () => {
    app = await startApp({ seedVideos: 5, role })
    await app.page.goto(`${app.url}/videos`)
    videoId = await firstVideoId(app, ['approved'])
  })
  afterAll(() => app?.close())

  const open = async () => {
    await app.page.goto(`${app.url}/videos/${videoId}`)
    await shown(region(app.page, 'Publishing'))
  }
  return { app: () => app, open }
}

describe('as a viewer', () => {
  const viewer = walk('viewer')

  it('disables every change up front and shows why, once per section', async () => {
    await viewer.open()
    const page = viewer.app().page
    for (const button of buttons(page)) {
      await shown(button)
      expect(await unavailable(button)).toBe('true')
      expect(await visibleReasonOf(button)).toMatch(/^Editors can /)
    }
    for (const field of fields(page)) {
      expect(await field.isDisabled()).toBe(true)
      expect(await visibleReasonOf(lockOf(field))).toMatch(/^Editors can /)
    }

    // Pressing a disabled action does nothing.
    await buttons(page)[0]?.click({ force: true })
    expect(await page.getByRole('dialog').count()).toBe(0)
    expect(await seriousAccessibilityViolations(page)).toEqual([])
  })
})

describe('as an editor', () => {
  const editor = walk('editor')

  it('offers every change, with no reason against it', async () => {
    await editor.open()
    const page = editor.app().page
    for (const button of buttons(page)) {
      await shown(button)
      expect(await unavailable(button)).toBeNull()
      expect(await button.isEnabled()).toBe(true)
    }
    for (const field of fields(page)) expect(await field.isEnabled()).toBe(true)
    for (const section of sections(page)) {
      expect(await section.locator('fieldset:disabled').count()).toBe(0)
      expect(await section.getByText(/editor/i).count()).toBe(0)
    }
  })
})
