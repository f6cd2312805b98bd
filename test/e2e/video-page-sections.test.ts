import type { Locator } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { firstVideoId } from './support/service-api.ts'
import { shown } from './support/ui.ts'

let app: RunningApp
let videoId: string
beforeAll(async () => {
  app = await startApp({ seedVideos: 10 })
  await app.page.goto(`${app.url}/videos`)
  videoId = await firstVideoId(app, ['approved'])
})
afterAll(() => app?.close())

const sectionNav = () => app.page.getByRole('navigation', { name: 'Sections of this video' })
const sectionLink = (name: string) =>
  sectionNav().getByRole('link', { name: new RegExp(`^${name}`) })
const hash = () => new URL(app.page.url()).hash

// Whether the section's top is on screen, below the sticky header (not hidden under it).
const inView = (section: Locator) =>
  section.evaluate((element) => {
    const header = document.querySelector('header:has(nav[aria-label="Sections of this video"])')
    const top = element.getBoundingClientRect().top
    return top >= (header?.getBoundingClientRect().bottom ?? 0) - 1 && top < window.innerHeight
  })
const current = () =>
  sectionNav()
    .locator('a[aria-current="location"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')))

it('links each section by its hash, marks the one in view, and Back returns to the one before', async () => {
  const { page } = app
  await page.goto(`${app.url}/videos/${videoId}`)
  await shown(sectionNav())
  await expect.poll(current).toEqual(['#details'])

  await sectionLink('Posters').click()
  await expect.poll(hash).toBe('#posters')
  await expect.poll(() => inView(page.locator('#posters'))).toBe(true)
  await expect.poll(current).toEqual(['#posters'])

  await sectionLink('AI matching').click()
  await expect.poll(hash).toBe('#ai-matching')
  await expect.poll(() => inView(page.locator('#ai-matching'))).toBe(true)

  await page.goBack()
  await expect.poll(hash).toBe('#posters')
  await expect.poll(() => inView(page.locator('#posters'))).toBe(true)
  await expect.poll(current).toEqual(['#posters'])
  // Moving between sections never asks about leaving.
  expect(await page.getByRole('dialog').count()).toBe(0)
})

it('opens a link to a section at that section', async () => {
  const { page } = app
  await page.goto(`${app.url}/videos/${videoId}#subtitles`)
  const subtitles = page.getByRole('region', { name: 'Subtitles' })
  await shown(subtitles)
  await expect.poll(() => inView(page.locator('#subtitles'))).toBe(true)
  await expect.poll(current).toEqual(['#subtitles'])
})

it('keeps the header with the title and publishing in view while scrolled', async () => {
  const { page } = app
  await page.goto(`${app.url}/videos/${videoId}#downloads`)
  await shown(page.getByRole('region', { name: 'Downloads' }))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  const title = page.getByRole('heading', { level: 1 })
  expect(await title.isVisible()).toBe(true)
  const box = await title.boundingBox()
  expect(box?.y).toBeGreaterThanOrEqual(0)
  expect(box?.y).toBeLessThan(200)
  await shown(
    page.getByRole('region', { name: 'Publishing' }).getByRole('button', { name: 'Archive' }),
  )
})

it('has no serious or critical accessibility violation, on a laptop and on a phone', async () => {
  const { page } = app
  await page.goto(`${app.url}/videos/${videoId}#posters`)
  await shown(sectionNav())
  await page.waitForLoadState('networkidle')
  expect(await seriousAccessibilityViolations(page)).toEqual([])
  await page.setViewportSize({ width: 390, height: 844 })
  try {
    expect(await seriousAccessibilityViolations(page)).toEqual([])
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 })
  }
})
