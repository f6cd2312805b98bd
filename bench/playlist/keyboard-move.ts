import type { Page } from 'playwright-core'
import {
  type DragFigures,
  nextSave,
  overPosition,
  spoken,
  startRecording,
  stopRecording,
  storedPositionOf,
} from './session.ts'

/**
 * Lifts the first video with Space, moves it `places` down with the arrow key (each press once
 * dnd-kit has announced the previous one, as a screen-reader user hears it), and drops it.
 */
export async function keyboardMoveFirst(
  page: Page,
  playlistId: string,
  places: number,
): Promise<DragFigures> {
  const first = page.locator('ul[aria-label^="Videos of"] li[data-id]:has([data-position="1"])')
  const movedId = (await first.getAttribute('data-id')) ?? ''
  await first.getByRole('button', { name: /^Reorder / }).focus()
  await startRecording(page)
  await page.keyboard.press('Space')
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[id^="DndLiveRegion"]')].some((region) =>
      region.textContent?.startsWith('Picked up'),
    ),
  )
  for (let position = 2; position <= places + 1; position++) {
    // A press that lands while dnd-kit is still measuring is dropped; it is pressed again.
    for (let press = 0; (await overPosition(page)) !== position; press++) {
      if (press === 3)
        throw new Error(`the video never reached position ${position}: "${await spoken(page)}"`)
      await page.keyboard.press('ArrowDown')
      for (let frame = 0; frame < 30 && (await overPosition(page)) !== position; frame++)
        await page.evaluate(() => new Promise(requestAnimationFrame))
    }
  }
  const saved = nextSave(page, playlistId)
  const dropped = performance.now()
  await page.keyboard.press('Space')
  const recorded = await stopRecording(page)
  const savedAt = await saved
  return {
    ...recorded,
    dropToSavedMs: savedAt - dropped,
    storedPosition: await storedPositionOf(page, playlistId, movedId),
  }
}
