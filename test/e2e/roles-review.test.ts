import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Video } from '@/api/generated/types.gen.ts'
import type { Role } from '@/api/roles.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import {
  everySuggestion,
  reviewing,
  reviewQueue,
  shownDecisions,
  suggestions,
} from './support/matches.ts'
import { failedRequest } from './support/page-errors.ts'
import { type Device, expectControlFor, expectRefusalFor, signedInAs } from './support/roles.ts'

// Deciding on AI suggestions is an editor's work: a viewer sees the queue, each suggestion and
// why its decisions are disabled, and the keys that would decide do nothing.
let app: RunningApp
let devices: Record<'viewer' | 'editor', Device>
let first: Pick<Video, 'id'> & { caption?: string | null }
beforeAll(async () => {
  app = await startApp({ seedVideos: 40 })
  await app.page.goto(`${app.url}/matches`)
  const queue = await reviewQueue(app)
  if (!queue[0]) throw new Error('the demo has no video waiting for review')
  first = queue[0]
  devices = await signedInAs(app, ['viewer', 'editor'])
})
afterAll(() => app?.close())

it.each(['viewer', 'editor'] as const)(
  'the review as %s follows the role table',
  async (role: Role) => {
    const device = devices[role as 'viewer' | 'editor']
    const { page } = device
    await page.goto(`${app.url}${everySuggestion}`)
    await reviewing(page, first)
    const row = page.locator('ol[aria-label="Suggested products"] > li').first()
    await expectControlFor(
      role,
      row.getByRole('button', { name: /^Accept / }),
      'acceptProductMatches',
    )
    await expectControlFor(
      role,
      row.getByRole('button', { name: /^Reject / }),
      'acceptProductMatches',
    )
    await expectControlFor(
      role,
      page.getByRole('button', { name: /^Accept all remaining/ }),
      'acceptProductMatches',
    )
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    await row.getByRole('button', { name: /^Accept / }).focus()
    await page.keyboard.press('a')
    const matches = await suggestions(app, first.id)
    if (role === 'viewer') {
      expect(await shownDecisions(page)).toEqual(matches.map(() => 'undecided'))
      await expectRefusalFor(
        role,
        device,
        'POST',
        `/api/v1/videos/${first.id}/product_matches/accept`,
        { product_ids: [matches[0]?.product.id] },
      )
      // The dashboard's own decisions route, which the review sends, refuses a viewer too.
      const decisions = `/api/dashboard/review/videos/${first.id}/decisions`
      device.expectConsoleError(failedRequest(403, `${app.url}${decisions}`))
      const refused = await page.evaluate(async (path) => {
        const response = await fetch(path, {
          method: 'POST',
          headers: { 'x-dashboard-request': '1', 'content-type': 'application/json' },
          body: JSON.stringify({ decisions: [] }),
        })
        return response.status
      }, decisions)
      expect(refused).toBe(403)
    } else {
      await expectControlFor(
        role,
        page.getByRole('button', { name: /^Submit and next/ }),
        'acceptProductMatches',
      )
      await page.keyboard.press('u')
    }
  },
)
