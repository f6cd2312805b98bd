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
 * Presses `key` until `locator` shows, at most three times: dnd-kit listens for a lifted item's
 * keys from the task after the lift, so a key pressed in that instant is dropped (a person is
 * never that fast; a test is).
 */
export async function pressUntilShown(page: Page, key: string, locator: Locator) {
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press(key)
    try {
      await locator.waitFor({ state: 'visible', timeout: 1_000 })
      return
    } catch (error) {
      if (attempt === 3) throw error
    }
  }
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
