import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'

// Waiting assertions for Playwright locators in vitest (which has no locator matchers).
export const shown = (locator: Locator) => locator.waitFor({ state: 'visible' })
export const gone = (locator: Locator) => locator.waitFor({ state: 'hidden' })
export const focused = (locator: Locator) =>
  expect.poll(() => locator.evaluate((element) => element === document.activeElement)).toBe(true)
export const checked = (locator: Locator) => expect.poll(() => locator.isChecked()).toBe(true)
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
 * Releases the mouse to end a drag and waits for the page's next timer turn: dnd-kit swallows
 * clicks until then, so that the release is not also a click (a person never clicks that soon
 * after a drop; a test does).
 */
export async function dropWithMouse(page: Page) {
  await page.mouse.up()
  await page.evaluate('new Promise((resolve) => setTimeout(resolve, 0))')
}
