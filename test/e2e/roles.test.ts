import { afterAll, beforeAll, expect, it } from 'vitest'
import { whoCan } from '@/api/operation-phrases.ts'
import type { Role } from '@/api/roles.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { type Device, expectControlFor, expectRefusalFor, signedInAs } from './support/roles.ts'
import { shown } from './support/ui.ts'

// The library and uploads walked as a viewer and as an editor against the role table; the other
// screens have their own roles-*.test.ts.
let app: RunningApp
let devices: Record<'viewer' | 'editor', Device>
beforeAll(async () => {
  app = await startApp({ seedVideos: 10 })
  devices = await signedInAs(app, ['viewer', 'editor'])
})
afterAll(() => app?.close())

it.each(['viewer', 'editor'] as const)(
  'the library as %s: the bulk bar and uploading follow the role table',
  async (role: Role) => {
    const device = devices[role as 'viewer' | 'editor']
    const { page } = device
    await page.goto(`${app.url}/videos`)
    const main = page.getByRole('main')
    await expectControlFor(
      role,
      main.locator('a, button', { hasText: /^Upload videos$/ }).first(),
      'createUploadSignature',
    )
    const items = page.locator('ul[aria-label="Videos"] li')
    await items.nth(0).getByRole('checkbox').check()
    const bar = page.getByRole('region', { name: 'Bulk actions' })
    // Every change the bar offers is an editor's; their one reason shows once.
    for (const name of [
      'Publish',
      'Unpublish',
      'Archive',
      'Unarchive',
      'Add to playlist…',
      'Tag products…',
      'Find products with AI…',
      'Delete…',
    ])
      await expectControlFor(role, bar.getByRole('button', { name, exact: true }), 'updateVideo')
    await expectControlFor(
      role,
      bar.getByRole('button', { name: 'Copy download links' }),
      'getVideoDownloadUrls',
    )
    if (role === 'viewer') expect(await bar.getByText(whoCan('updateVideo')).count()).toBe(1)
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    const href = (await items.nth(0).locator('a').first().getAttribute('href')) ?? ''
    const videoId = href.split('?', 1)[0]?.split('/').pop() ?? ''
    await expectRefusalFor(role, device, 'PATCH', `/api/v1/videos/${videoId}`, {
      caption: 'Not mine to rename',
    })

    await page.goto(`${app.url}/uploads`)
    if (role === 'viewer') {
      await shown(page.getByText('Uploading is not part of your role'))
      await shown(page.getByText(whoCan('createUploadSignature')))
      expect(await page.locator('.uppy-Dashboard-input').count()).toBe(0)
    } else {
      await page.locator('.uppy-Dashboard-input').first().waitFor({ state: 'attached' })
    }
    await expectRefusalFor(role, device, 'POST', '/api/v1/upload_signatures', {
      filename: 'clip.mp4',
      content_type: 'video/mp4',
    })
    // Admin screens are not in their navigation.
    expect(await page.getByRole('link', { name: 'Accounts' }).count()).toBe(0)
  },
)
