import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { focused, shown } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp({ seedVideos: 10 })
})
afterAll(() => app?.close())

// The condition builder without a pointer: each button and menu is reached and pressed from the
// keyboard, and focus lands on what was just added or follows what was just moved.
it('builds nested conditions with the keyboard alone, focus following each change', async () => {
  const { page } = app
  await page.goto(`${app.url}/rules/new`)
  await shown(page.getByRole('heading', { level: 1, name: 'New rule' }))
  await page.getByLabel('Name').focus()
  await page.keyboard.type('Summer by keyboard')

  const conditions = page.getByRole('group', { name: 'Conditions', exact: true })
  await conditions.getByRole('button', { name: 'Add condition to the conditions' }).focus()
  await page.keyboard.press('Enter')
  const first = page.getByRole('group', { name: 'Condition 1', exact: true })
  await focused(first.getByLabel('Field'))
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await focused(first.getByLabel('Hashtag'))
  await page.keyboard.type('summer')

  await conditions.getByRole('button', { name: 'Add group to the conditions' }).focus()
  await page.keyboard.press('Enter')
  const group = page.getByRole('group', { name: 'Group 2', exact: true })
  await focused(group.getByLabel('A video matches when'))
  // Into the group: the hashtag goes below it, then into it, by its menu.
  await first.getByRole('button', { name: 'Move or remove condition 1' }).focus()
  await page.keyboard.press('Enter')
  await focused(page.getByRole('menuitem', { name: 'Move up' }))
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await focused(page.getByRole('button', { name: 'Move or remove condition 2' }))
  await page.keyboard.press('Enter')
  await focused(page.getByRole('menuitem', { name: 'Move up' }))
  for (const _ of [1, 2, 3]) await page.keyboard.press('ArrowDown')
  await focused(page.getByRole('menuitem', { name: 'Move into the group above' }))
  await page.keyboard.press('Enter')
  const moved = page.getByRole('group', { name: 'Condition 1.1', exact: true })
  await focused(moved.getByRole('button', { name: 'Move or remove condition 1.1' }))
  expect(await moved.getByLabel('Hashtag').inputValue()).toBe('summer')
  await shown(page.getByRole('status').filter({ hasText: 'Moved into the group above.' }))
  expect(await seriousAccessibilityViolations(page)).toEqual([])
})
