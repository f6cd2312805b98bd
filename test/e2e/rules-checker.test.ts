import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Rule } from '@/api/rules.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { indexedSummerWorld, type SummerWorld, savedSummerRule } from './support/rules.ts'
import { api } from './support/service-api.ts'
import { shown } from './support/ui.ts'

let app: RunningApp
let world: SummerWorld
beforeAll(async () => {
  app = await startApp({ seedVideos: 30 })
  world = await indexedSummerWorld(app)
  // The summer rule, switched on: what a new rule is checked against.
  await savedSummerRule(app, world, true)
})
afterAll(() => app?.close())

/** A new rule on #summer videos tagged from the Outdoor store, woken by `trigger`. */
async function newSummerRule(page: Page, name: string, trigger: string) {
  await page.goto(`${app.url}/rules`)
  await page.getByRole('link', { name: 'New rule' }).click()
  await shown(page.getByRole('heading', { level: 1, name: 'New rule' }))
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Runs when').selectOption({ label: trigger })
  const conditions = page.getByRole('group', { name: 'Conditions', exact: true })
  await conditions.getByRole('button', { name: 'Add condition to the conditions' }).click()
  await page
    .getByRole('group', { name: 'Condition 1', exact: true })
    .getByLabel('Hashtag')
    .fill('summer')
  await conditions.getByRole('button', { name: 'Add condition to the conditions' }).click()
  const store = page.getByRole('group', { name: 'Condition 2', exact: true })
  await store.getByLabel('Field').selectOption({ label: 'Store of a tagged product' })
  await store.getByLabel('Store').selectOption({ label: 'Outdoor (USD)' })
  return page.getByRole('group', { name: 'Action 1', exact: true })
}

const preview = (page: Page) => page.getByRole('complementary', { name: 'Preview' })
const savedRules = () =>
  api<{ rules: Rule[] }>(
    app,
    'GET',
    `/api/dashboard/rules/rules?channel_id=${world.channelId}`,
  ).then((list) => list.rules.map((rule) => rule.name))

it('stops a rule that fights one switched on, naming it, until their priorities differ', async () => {
  const { page } = app
  const action = await newSummerRule(page, 'Summer out', 'A video is created')
  await action.getByLabel('Do this').selectOption({ label: 'Remove from a playlist' })
  await action.getByRole('combobox', { name: 'Playlist' }).fill('Summer')
  await page.getByRole('option', { name: 'Summer', exact: true }).click()

  const found = preview(page)
  await shown(found.getByText('The checker stops this rule from being saved'))
  await shown(found.getByText(/^Opposite actions:/))
  await shown(found.getByText(/“Summer to the top” conflict on 1 video and have the same priority/))
  await shown(found.getByRole('link', { name: 'Open the other rule' }).first())
  expect(await seriousAccessibilityViolations(page)).toEqual([])

  await page.getByRole('button', { name: 'Save rule' }).click()
  await shown(page.getByText(/^Not saved: This rule and “Summer to the top” conflict/))
  expect(await savedRules()).not.toContain('Summer out')

  // At another priority it is told, and saved.
  await page.getByLabel('Priority').fill('50')
  await shown(found.getByText('The checker has something to say'))
  await page.getByRole('button', { name: 'Save rule' }).click()
  await page.waitForURL(/\/rules\/(?!new)[^/?]+/)
  expect(await savedRules()).toContain('Summer out')
})

it('warns of a rule whose action makes the video match it again on its own update', async () => {
  const { page } = app
  const action = await newSummerRule(page, 'Tag the pack', 'A video is updated')
  await action.getByLabel('Do this').selectOption({ label: 'Tag products' })
  await action.getByLabel('Store').selectOption({ label: 'Outdoor (USD)' })
  await action.getByRole('combobox', { name: 'Products to tag' }).fill('Trail')
  await page
    .getByRole('option', { name: /Trail Backpack/ })
    .first()
    .click()
  await shown(action.getByRole('list', { name: 'Products to tag: chosen' }))

  const found = preview(page)
  await shown(found.getByText(/^Triggers itself:/))
  await shown(found.getByText(/the video_updated that follows matches this rule again/))
  expect(await seriousAccessibilityViolations(page)).toEqual([])
})
