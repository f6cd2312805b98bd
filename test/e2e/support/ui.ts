import type { Locator } from 'playwright-core'
import { expect } from 'vitest'

// Waiting assertions for Playwright locators in vitest (which has no locator matchers).
export const shown = (locator: Locator) => locator.waitFor({ state: 'visible' })
export const gone = (locator: Locator) => locator.waitFor({ state: 'hidden' })
export const focused = (locator: Locator) =>
  expect.poll(() => locator.evaluate((element) => element === document.activeElement)).toBe(true)
export const checked = (locator: Locator) => expect.poll(() => locator.isChecked()).toBe(true)
export const textOf = (locator: Locator) => locator.textContent().then((text) => text ?? '')
