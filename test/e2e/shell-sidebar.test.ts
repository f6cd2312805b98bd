import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningApp, startApp } from './support/app.ts'
import { shown } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp({ seedVideos: 10 })
})
afterAll(() => app?.close())

// What sticks out of the top bar's one row (nothing, when it fits), and any sideways scroll.
const topBarOverflow = () =>
  app.page.evaluate(() => {
    const bar = document.querySelector('header')?.getBoundingClientRect()
    const row = document.querySelector('header > div')
    if (!bar || !row) return ['no top bar']
    const problems = [...row.children]
      .filter((item) => item.getBoundingClientRect().width > 0)
      .filter((item) => {
        const box = item.getBoundingClientRect()
        return box.top < bar.top || box.bottom > bar.bottom || box.right > window.innerWidth
      })
      .map((item) => item.outerHTML.slice(0, 120))
    if (document.documentElement.scrollWidth > window.innerWidth) problems.push('sideways scroll')
    return problems
  })

it.each([1280, 1440])(
  'at %i px the sidebar lists every area and the top bar is one row',
  async (width) => {
    const { page } = app
    await page.setViewportSize({ width, height: 900 })
    await page.goto(`${app.url}/playlists`)
    await shown(page.getByRole('heading', { level: 1, name: 'Playlists' }))
    const nav = page.getByRole('navigation', { name: 'Main' })
    const names = await nav.getByRole('link').allTextContents()
    expect(names).toEqual([
      'Home',
      'Video library',
      'Uploads',
      'Playlists',
      'Stores',
      'AI matches',
      'Calibration',
      'Reviewers',
      'Coverage',
      'Rules',
      'Accounts',
      'Audit log',
    ])
    expect(await nav.getByRole('link', { name: 'Playlists' }).getAttribute('aria-current')).toBe(
      'page',
    )
    expect(await nav.locator('[aria-current="page"]').count()).toBe(1)
    for (const link of await nav.getByRole('link').all()) {
      const box = await link.boundingBox()
      expect(box?.height).toBeLessThan(48)
    }
    expect(await topBarOverflow()).toEqual([])
  },
)

it('collapses to icons, keeps every area named, and stays collapsed after a reload', async () => {
  const { page } = app
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`${app.url}/videos`)
  const nav = page.getByRole('navigation', { name: 'Main' })
  const sidebar = page.locator('aside')
  const widthOf = async () => (await sidebar.boundingBox())?.width ?? 0
  const expanded = await widthOf()
  await page.getByRole('button', { name: 'Collapse sidebar' }).click()
  await expect.poll(widthOf).toBeLessThan(expanded / 2)
  await shown(nav.getByRole('link', { name: 'Stores' }))

  await page.reload()
  await shown(page.getByRole('button', { name: 'Expand sidebar' }))
  expect(await widthOf()).toBeLessThan(expanded / 2)
  await nav.getByRole('link', { name: 'Stores' }).click()
  await shown(page.getByRole('heading', { level: 1, name: 'Stores' }))
  expect(await topBarOverflow()).toEqual([])

  await page.getByRole('button', { name: 'Expand sidebar' }).click()
  await expect.poll(widthOf).toBe(expanded)
  await page.reload()
  await shown(page.getByRole('button', { name: 'Collapse sidebar' }))
})
