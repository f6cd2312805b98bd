import type { Page } from 'playwright-core'
import {
  type DragFigures,
  nextSave,
  overPosition,
  startRecording,
  stopRecording,
  storedPositionOf,
} from './session.ts'

const list = 'ul[aria-label^="Videos of"]'

/** The scrolling box around the virtualized list, in page coordinates. */
async function viewportBox(page: Page) {
  return page.locator(list).evaluate((element) => {
    let box: HTMLElement | null = element.parentElement
    while (box && getComputedStyle(box).overflowY !== 'auto') box = box.parentElement
    const rect = (box ?? element).getBoundingClientRect()
    return { top: rect.top, bottom: rect.bottom, height: rect.height }
  })
}

/**
 * Drags the first video by its handle to `target` (1-based): the pointer holds near the bottom
 * edge so dnd-kit auto-scrolls the list, then steps row by row until the video is over `target`,
 * and lets go.
 */
export async function dragFirstTo(
  page: Page,
  playlistId: string,
  target: number,
  rowHeight: number,
): Promise<DragFigures> {
  const first = page.locator(`${list} li[data-id]:has([data-position="1"])`)
  const movedId = (await first.getAttribute('data-id')) ?? ''
  const handle = first.getByRole('button', { name: /^Reorder / })
  const start = await handle.boundingBox()
  if (!start) throw new Error('the first row has no handle on screen')
  const x = start.x + start.width / 2
  const viewport = await viewportBox(page)

  await startRecording(page)
  await page.mouse.move(x, start.y + start.height / 2)
  await page.mouse.down()
  await page.mouse.move(x, start.y + start.height / 2 + 12, { steps: 3 })
  // Deep in the bottom edge zone: dnd-kit scrolls the list as fast as it goes.
  const edge = viewport.bottom - viewport.height * 0.04
  await page.mouse.move(x, edge, { steps: 8 })
  await page.waitForFunction(
    (near) => {
      const text = [...document.querySelectorAll('[id^="DndLiveRegion"]')]
        .map((region) => region.textContent ?? '')
        .join(' ')
      const match = /over positions? (\d+)/.exec(text)
      return match !== null && Number(match[1]) >= near
    },
    target - 6,
    { polling: 'raf', timeout: 120_000 },
  )
  // Out of the edge zone, then row by row onto the target; where the target is past the rows in
  // view, the pointer rests just inside the edge zone, where the list creeps.
  const zoneTop = viewport.top + viewport.height * 0.2
  const zoneBottom = viewport.bottom - viewport.height * 0.2
  let y = viewport.top + viewport.height / 2
  await page.mouse.move(x, y, { steps: 4 })
  for (let attempt = 0; attempt < 400; attempt++) {
    const over = await overPosition(page)
    if (over === target) break
    if (over === null) throw new Error('dnd-kit stopped announcing where the video is')
    y += Math.sign(target - over) * rowHeight * 0.5
    if (y > zoneBottom) y = zoneBottom + 2
    if (y < zoneTop) y = zoneTop - 2
    await page.mouse.move(x, y)
    await page.evaluate(() => new Promise(requestAnimationFrame))
  }
  if ((await overPosition(page)) !== target)
    throw new Error(`could not hold the video over ${target}`)
  const saved = nextSave(page, playlistId)
  const dropped = performance.now()
  await page.mouse.up()
  const recorded = await stopRecording(page)
  const savedAt = await saved
  return {
    ...recorded,
    dropToSavedMs: savedAt - dropped,
    storedPosition: await storedPositionOf(page, playlistId, movedId),
  }
}
