import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Rule } from '@/api/rules.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { appliedSummerRule } from './support/rules.ts'
import { shown } from './support/ui.ts'

let app: RunningApp
let rule: Rule
let runId = ''
beforeAll(async () => {
  app = await startApp({ seedVideos: 30 })
  ;({ rule, runId } = await appliedSummerRule(app))
})
afterAll(() => app?.close())

/** Each rules screen, once what it waits for is shown (the traces with the run open). */
const screens = () => [
  { path: '/rules', ready: 'Add to the top of Summer' },
  { path: '/rules/new', ready: 'No conditions: every video of the channel matches.' },
  { path: `/rules/${rule.id}`, ready: '1 video matches now.' },
  { path: `/rules/runs?rule=${rule.id}&run=${runId}`, ready: 'Every run on this video' },
]

// Both themes, as the system setting chooses them: the dark one redefines every colour.
describe.each(['light', 'dark'] as const)('in the %s theme', (colorScheme) => {
  beforeAll(() => app.page.emulateMedia({ colorScheme }))

  it('every rules screen has no serious or critical accessibility violation', async () => {
    const { page } = app
    for (const { path, ready } of screens()) {
      await page.goto(`${app.url}${path}`)
      await shown(page.getByText(ready, { exact: true }).first())
      expect([path, await seriousAccessibilityViolations(page)]).toEqual([path, []])
    }
    // The dry run's answer.
    await page.goto(`${app.url}/rules/${rule.id}`)
    await page.getByRole('button', { name: 'Try on the whole library' }).click()
    await shown(page.getByText('Nothing to apply: everything is in place.'))
    expect(await seriousAccessibilityViolations(page)).toEqual([])
  })
})
