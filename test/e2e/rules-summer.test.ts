import { afterAll, beforeAll, expect, it } from 'vitest'
import type { RunningApp } from './support/app.ts'
import { startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { failedRequest } from './support/page-errors.ts'
import {
  indexedSummerWorld,
  newSummerVideo,
  playlistOrder,
  type SummerWorld,
} from './support/rules.ts'
import { shown } from './support/ui.ts'

let app: RunningApp
let world: SummerWorld
beforeAll(async () => {
  app = await startApp({ seedVideos: 30 })
  world = await indexedSummerWorld(app)
})
afterAll(() => app?.close())

// Issue 37's merchandiser: "new videos with #summer that tag a product from the Outdoor store go
// to the top of the Summer playlist", written and previewed in the editor, switched on, and then
// a new matching video from the service lands at the top of the playlist, saying why it is there.
it('writes the summer rule, sees what it matches, switches it on, and a new video lands on top', async () => {
  const { page } = app
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rules' }).click()
  await shown(page.getByRole('heading', { level: 1, name: 'Rules' }))
  await shown(page.getByText('No rules yet'))
  expect(await seriousAccessibilityViolations(page)).toEqual([])

  await page.getByRole('link', { name: 'New rule' }).click()
  await shown(page.getByRole('heading', { level: 1, name: 'New rule' }))
  await page.getByLabel('Name').fill('Summer to the top')
  const conditions = page.getByRole('group', { name: 'Conditions', exact: true })
  await conditions.getByRole('button', { name: 'Add condition to the conditions' }).click()
  const hashtag = page.getByRole('group', { name: 'Condition 1', exact: true })
  await hashtag.getByLabel('Hashtag').fill('summer')
  await conditions.getByRole('button', { name: 'Add condition to the conditions' }).click()
  const store = page.getByRole('group', { name: 'Condition 2', exact: true })
  await store.getByLabel('Field').selectOption({ label: 'Store of a tagged product' })
  await store.getByLabel('Store').selectOption({ label: 'Outdoor (USD)' })
  const action = page.getByRole('group', { name: 'Action 1', exact: true })
  await action.getByRole('combobox', { name: 'Playlist' }).fill('Summer')
  await page.getByRole('option', { name: 'Summer', exact: true }).click()
  await shown(action.getByText('Chosen: Summer'))

  // What it matches now, as it is written: the one tagged video, entering Summer.
  const preview = page.getByRole('complementary', { name: 'Preview' })
  await shown(preview.getByText('1 video matches now.'))
  await shown(
    preview
      .getByRole('list', { name: 'Matching videos' })
      .getByRole('link', { name: world.matching.caption ?? '' }),
  )
  await shown(preview.getByText('Summer: 1 video would enter, 0 would leave'))
  expect(await seriousAccessibilityViolations(page)).toEqual([])

  await page.getByRole('button', { name: 'Save rule' }).click()
  await page.waitForURL(/\/rules\/(?!new)[^/?]+/)
  await shown(page.getByRole('heading', { level: 1, name: 'Summer to the top' }))
  const toggle = page.getByRole('switch', { name: 'Switched on' })
  expect(await toggle.getAttribute('aria-checked')).toBe('false')
  await toggle.click()
  await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true')
  expect(await seriousAccessibilityViolations(page)).toEqual([])

  // The service announces a new matching video; within seconds it is first in Summer.
  const video = await newSummerVideo(app, world, 'Trail at dawn #summer')
  await expect
    .poll(() => playlistOrder(app, world.playlist.id), { timeout: 15_000, interval: 200 })
    .toEqual([video.id, ...world.playlist.video_ids])

  await page.goto(`${app.url}/playlists/${world.playlist.id}`)
  const first = page.locator('li[data-id]').first()
  await shown(first.getByRole('button', { name: 'Remove Trail at dawn #summer' }))
  expect(await first.getAttribute('data-id')).toBe(video.id)
  await first.getByRole('button', { name: /^Why is this here\?/ }).click()
  const why = page.getByRole('dialog', { name: 'Why is this here?' })
  await shown(why.getByRole('link', { name: 'Summer to the top' }))
  await shown(why.getByRole('list', { name: 'Conditions that held' }))
  expect(await seriousAccessibilityViolations(page)).toEqual([])
  await why.getByRole('button', { name: 'Close' }).click()

  // A video placed by hand says no rule put it there (the answer is a 404, which Chromium logs).
  app.expectConsoleError(failedRequest(404, `${app.url}/api/dashboard/rules/why`))
  const byHand = page.locator(`li[data-id="${world.playlist.video_ids[0]}"]`)
  await byHand.getByRole('button', { name: /^Why is this here\?/ }).click()
  await shown(page.getByRole('dialog').getByText(/^No rule put it here/))
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()

  // The new video's page says the same, and its run is in the traces.
  await page.goto(`${app.url}/videos/${video.id}#products`)
  const placed = page.getByRole('region', { name: 'Why is this here?' })
  await shown(placed.getByText(/by the rule “Summer to the top”/))
  await placed.getByRole('link', { name: 'Every rule run on this video' }).click()
  await shown(page.getByRole('heading', { level: 1, name: 'Runs and traces' }))
  const run = page.getByRole('article', { name: /^Run of Summer to the top/ })
  await run.getByRole('button', { name: /Applied/ }).click()
  await shown(run.getByText('Every step was applied or was already in place.'))
  await shown(
    run.getByRole('table', { name: 'Each condition, the value it found, and whether it held' }),
  )
  expect(await seriousAccessibilityViolations(page)).toEqual([])
})
