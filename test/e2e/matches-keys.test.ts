import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Video } from '@/api/generated/types.gen.ts'
import { productLabel } from '@/lib/product-facts.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import {
  everySuggestion,
  lastTen,
  pressOnLayout,
  reviewing,
  reviewQueue,
  shownDecisions,
  suggestions,
} from './support/matches.ts'
import { gone, shown } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.close())

const statusesOf = async (videoId: string) =>
  new Map((await suggestions(app, videoId)).map((match) => [match.id, match.status]))

it('reviews by physical key in the person’s own keys on an AZERTY keyboard, and changes one of the last ten', async () => {
  const { page } = app
  await page.goto(`${app.url}${everySuggestion}`)
  const [first, second] = (await reviewQueue(app)) as [Video, Video]
  await reviewing(page, first)

  // Reject goes to the key where Q is on QWERTY (A on AZERTY); the dialog passes axe while open.
  await page.getByRole('button', { name: 'Review keys…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Review keys' })
  await shown(dialog)
  expect(await seriousAccessibilityViolations(page)).toEqual([])
  const rejectKey = dialog.getByRole('button', { name: /^Change the key of Reject the suggestion/ })
  await rejectKey.click()
  await shown(dialog.getByRole('button', { name: 'Press a key for Reject the suggestion' }))
  expect(await seriousAccessibilityViolations(page)).toEqual([])
  // Escape ends the wait for a key, refused, and leaves the dialog open.
  await page.keyboard.press('Escape')
  await shown(dialog.getByText('Esc is the screen’s own: it closes dialogs and lists.').first())
  await rejectKey.click()
  await pressOnLayout(page, { key: 'a', code: 'KeyQ', keyCode: 65 })
  await shown(dialog.getByRole('status').getByText('Reject the suggestion: now'))
  expect(await seriousAccessibilityViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Save' }).click()
  await gone(dialog)
  const saved = await page.evaluate(() =>
    fetch('/api/dashboard/review/keys').then((response) => response.json()),
  )
  expect(saved.keys).toMatchObject({ accept: 'KeyA', reject: 'KeyQ' })

  // AZERTY: the physical A key types "q" and accepts; the physical Q key types "a" and rejects.
  const matches = await suggestions(app, first.id)
  await page.locator('ol[aria-label="Suggested products"] li[data-active] button').first().focus()
  await pressOnLayout(page, { key: 'q', code: 'KeyA', keyCode: 81 })
  await pressOnLayout(page, { key: 'a', code: 'KeyQ', keyCode: 65 })
  await expect
    .poll(async () => (await shownDecisions(page)).slice(0, 2))
    .toEqual(['accepted', 'rejected'])
  await page.keyboard.press('Enter')
  await reviewing(page, second)
  const [top, runnerUp] = matches as [(typeof matches)[number], (typeof matches)[number]]
  // The next video is shown as the submit goes on: the service has it once it is answered.
  await expect
    .poll(() => statusesOf(first.id))
    .toEqual(new Map(matches.map((match) => [match.id, match === top ? 'accepted' : 'rejected'])))

  // The rejected runner-up, accepted after all from the last ten.
  const name = productLabel(runnerUp.product)
  const change = lastTen(page).getByRole('button', { name: `Accept instead: ${name}` })
  await change.click()
  await shown(lastTen(page).getByText(`Changed: ${name} is now accepted.`))
  await expect.poll(async () => (await statusesOf(first.id)).get(runnerUp.id)).toBe('accepted')
  expect((await statusesOf(first.id)).get(top.id)).toBe('accepted')
  const tagged = await page.evaluate(
    (id) => fetch(`/api/v1/videos/${id}`).then((response) => response.json()),
    first.id,
  )
  expect(tagged.product_ids).toEqual(expect.arrayContaining([top.product.id, runnerUp.product.id]))
})
