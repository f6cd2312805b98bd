import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'

// Waiting assertions for Playwright locators in vitest (which has no locator matchers).
export const shown = (locator: Locator) => locator.waitFor({ state: 'visible' })
export const gone = (locator: Locator) => locator.waitFor({ state: 'hidden' })
// Polled for up to 5 s, not vitest's 1 s: on a busy two-core machine a render can take longer.
const poll = { timeout: 5_000 }
export const focused = (locator: Locator) =>
  expect
    .poll(() => locator.evaluate((element) => element === document.activeElement), poll)
    .toBe(true)
    .catch(async (error: Error) => {
      // Says where the focus is instead, which the bare `false` does not.
      const active = await locator.page().evaluate(() => {
        const element = document.activeElement
        return element ? element.outerHTML.slice(0, 200) : 'nothing'
      })
      throw new Error(`${error.message}\nThe focus is on ${active}`, { cause: error })
    })
export const checked = (locator: Locator) => expect.poll(() => locator.isChecked(), poll).toBe(true)
export const textOf = (locator: Locator) => locator.textContent().then((text) => text ?? '')

/**
 * Waits until a lifted item takes keys, then presses `key` once and waits for `locator`. dnd-kit
 * listens for a lifted item's keys from the task after the lift and moves it only once it has
 * measured the drop targets, in the frames after the lift: a key pressed before is dropped (a
 * person is never that fast; a test is). Pressing again instead would, on a slow machine, move the
 * item twice.
 */
export async function pressWhenLifted(page: Page, key: string, locator: Locator) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve))),
      ),
  )
  await page.keyboard.press(key)
  await shown(locator)
}

type Point = { x: number; y: number }
/**
 * Drags with the mouse from `from` to `to` in ten steps and drops once the page says the item is
 * `over` where it should land, as a person waits to see the gap before letting go: on a slow
 * machine the page can be a move behind the pointer.
 */
export async function dragWithMouse(page: Page, from: Point, to: Point, over: Locator) {
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  for (let step = 1; step <= 10; step++)
    await page.mouse.move(
      from.x + ((to.x - from.x) * step) / 10,
      from.y + ((to.y - from.y) * step) / 10,
    )
  await shown(over)
  await dropWithMouse(page)
}

/**
 * Releases the mouse to end a drag, then waits until a click reaches the page again: dnd-kit stops
 * every click for 50 ms after a drop, so that the release is not also a click (a person is never
 * that quick; a test is). A probe outside the app is clicked until its click bubbles to window.
 */
export async function dropWithMouse(page: Page) {
  await page.mouse.up()
  const clickReachesPage = `(() => {
    let reached = false
    const seen = () => { reached = true }
    const probe = document.createElement('div')
    window.addEventListener('click', seen)
    document.body.append(probe)
    probe.click()
    probe.remove()
    window.removeEventListener('click', seen)
    return reached
  })()`
  await expect.poll(() => page.evaluate(clickReachesPage)).toBe(true)
}
