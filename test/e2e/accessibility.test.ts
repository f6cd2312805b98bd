import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BusinessStoreList, PlaylistList } from '@/api/generated/types.gen.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { api, firstChannelVideos } from './support/service-api.ts'
import { shown } from './support/ui.ts'

let app: RunningApp
const screens = [
  '/',
  '/videos',
  '/videos?view=table',
  '/uploads',
  '/playlists',
  '/stores',
  '/matches',
  '/admin/accounts',
  '/admin/audit',
  '/no-such-page',
]
beforeAll(async () => {
  app = await startApp({ seedVideos: 60 })
  await app.page.goto(`${app.url}/videos`)
  // One page of each kind that shows a single thing.
  const video = (await firstChannelVideos(app, 'page_size=1&fields=caption')).videos[0]
  const channel = (await api<{ channels: Array<{ id: string }> }>(app, 'GET', '/api/v1/channels'))
    .channels[0]
  const playlist = (
    await api<PlaylistList>(app, 'GET', `/api/v1/playlists?channel_id=${channel?.id}&page_size=1`)
  ).playlists[0]
  const store = (await api<BusinessStoreList>(app, 'GET', '/api/v1/business_stores')).stores[0]
  screens.push(`/videos/${video?.id}`, `/playlists/${playlist?.id}`, `/stores/${store?.id}`)
})
afterAll(() => app?.close())

async function scan(path: string) {
  await app.page.goto(`${app.url}${path}`)
  await app.page
    .locator('main :is(h1, h2)')
    .first()
    .waitFor()
    .catch((error: Error) => {
      throw new Error(`${path} shows no heading: ${error.message}`, { cause: error })
    })
  await app.page.waitForLoadState('networkidle')
  return seriousAccessibilityViolations(app.page)
}

// Both themes, as the system setting chooses them; the dark one redefines every colour.
describe.each(['light', 'dark'] as const)('in the %s theme', (colorScheme) => {
  beforeAll(() => app.page.emulateMedia({ colorScheme }))

  it('every screen has no serious or critical accessibility violation', async () => {
    for (const path of screens) expect([path, await scan(path)]).toEqual([path, []])
    const dark = await app.page.evaluate(() => document.documentElement.classList.contains('dark'))
    expect(dark).toBe(colorScheme === 'dark')
  })

  it('the command palette with results, and the account menu, have none either', async () => {
    const { page } = app
    await scan('/videos')
    await page.keyboard.press('Control+K')
    await page.keyboard.type('the')
    await shown(page.getByRole('dialog', { name: 'Search or go to' }).getByRole('option').nth(6))
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: /\(Admin\)$/ }).click()
    await shown(page.getByRole('radio', { name: 'System' }))
    expect(await seriousAccessibilityViolations(page)).toEqual([])
  })
})

it('the account menu chooses the theme over the system’s, and it is remembered', async () => {
  const { page } = app
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto(`${app.url}/playlists`)
  const dark = () => page.evaluate(() => document.documentElement.classList.contains('dark'))
  expect(await dark()).toBe(false)
  await page.getByRole('button', { name: /\(Admin\)$/ }).click()
  await page.getByRole('radio', { name: 'Dark' }).check()
  await expect.poll(dark).toBe(true)
  expect(await scan('/playlists')).toEqual([])
  expect(await dark()).toBe(true)

  await page.emulateMedia({ colorScheme: 'dark' })
  await page.getByRole('button', { name: /\(Admin\)$/ }).click()
  await page.getByRole('radio', { name: 'Light' }).check()
  await expect.poll(dark).toBe(false)
  await page.reload()
  await shown(page.getByRole('heading', { level: 1, name: 'Playlists' }))
  expect(await dark()).toBe(false)
  await page.getByRole('button', { name: /\(Admin\)$/ }).click()
  await page.getByRole('radio', { name: 'System' }).check()
  await expect.poll(dark).toBe(true)
})
