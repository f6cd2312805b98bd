import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp({ seedVideos: 60 })
})
afterAll(() => app?.close())

const screens = [
  '/videos',
  '/videos?view=table',
  '/uploads',
  '/playlists',
  '/stores',
  '/matches',
  '/no-such-page',
]

it.each(screens)('%s has no serious or critical accessibility violation', async (path) => {
  await app.page.goto(`${app.url}${path}`)
  await app.page.locator('main h1').first().waitFor()
  await app.page.waitForLoadState('networkidle')
  expect(await seriousAccessibilityViolations(app.page)).toEqual([])
})
