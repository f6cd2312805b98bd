import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Rule, RuleRun, RuleRunPage } from '@/api/rules.ts'
import { waitUntil } from '../server/wait-until.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { failedRequest } from './support/page-errors.ts'
import {
  indexedSummerWorld,
  newSummerVideo,
  type SummerWorld,
  savedSummerRule,
} from './support/rules.ts'
import { api } from './support/service-api.ts'
import { shown } from './support/ui.ts'

let app: RunningApp
let world: SummerWorld
let rule: Rule
let failed: RuleRun

const runsOf = (query: string) =>
  api<RuleRunPage>(app, 'GET', `/api/dashboard/rules/runs?${query}`).then((page) => page.runs)

// The summer rule is on, and then its playlist is deleted at the service: the next matching video
// makes a run that cannot do what it says. Nothing reads as a success.
beforeAll(async () => {
  app = await startApp({ seedVideos: 30 })
  world = await indexedSummerWorld(app)
  rule = await savedSummerRule(app, world, true)
  await api(app, 'DELETE', `/api/v1/playlists/${world.playlist.id}`)
  const video = await newSummerVideo(app, world, 'Lost at sea #summer')
  await waitUntil(
    async () => (await runsOf(`rule_id=${rule.id}&video_id=${video.id}`))[0]?.outcome === 'failed',
    'the run to fail',
    { timeoutMs: 20_000, intervalMs: 200 },
  )
  failed = (await runsOf(`rule_id=${rule.id}&outcome=failed`))[0] as RuleRun
})
afterAll(() => app?.close())

it('says plainly that a run failed, shows why, retries its failed step, and exports the traces', async () => {
  const { page } = app
  // The screens name the playlist the rule adds to; the service no longer has it.
  app.expectConsoleError(failedRequest(404, `${app.url}/api/v1/playlists/${world.playlist.id}`))
  await page.reload()
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: rule.name }) })
  await shown(row.getByText('Failed', { exact: true }))
  await shown(row.getByText('100% of the last 1'))
  await row.getByRole('link', { name: /\d/ }).click()
  await page.waitForURL(/\/rules\/runs\?/)

  const run = page.getByRole('article', { name: new RegExp(`^Run of ${rule.name}`) })
  await shown(run.getByText('This run failed: 1 of 1 step failed; nothing it tried was applied.'))
  await shown(run.getByText(`— Playlist ${world.playlist.id} is not at the service`))
  const calls = run.getByRole('table', { name: /^Calls for/ })
  await shown(calls.getByText(`GET /api/v1/playlists/${world.playlist.id}`))
  expect(await seriousAccessibilityViolations(page)).toEqual([])

  await page.getByLabel('Outcome').selectOption({ label: 'Failed' })
  await page.waitForURL(/outcome=failed/)
  await run.getByRole('button', { name: 'Retry failed steps' }).click()
  await shown(page.getByText('Trying the failed steps again.'))
  // Tried again with the original event: a second attempt at the same call, failing again.
  await expect
    .poll(
      async () =>
        (await api<RuleRun>(app, 'GET', `/api/dashboard/rules/runs/${failed.id}`)).steps[0]?.calls
          .length ?? 0,
      { timeout: 15_000 },
    )
    .toBeGreaterThan(failed.steps[0]?.calls.length ?? 0)

  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export CSV' }).click()
  let text = ''
  for await (const chunk of await (await download).createReadStream()) text += chunk
  const [header, ...lines] = text.trim().split(/\r?\n/)
  expect(header).toBe(
    'started_at,finished_at,rule,rule_id,run_id,video_id,cause,cause_at,outcome,conditions,steps,calls',
  )
  expect(lines.length).toBeGreaterThan(0)
  expect(lines.every((line) => line.includes(',failed,'))).toBe(true)
  expect(text).toContain(failed.id)
})
