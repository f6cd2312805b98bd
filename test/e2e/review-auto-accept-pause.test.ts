import { afterAll, beforeAll, expect, it } from 'vitest'
import type { AutoAcceptSettings } from '@/api/review.ts'
import { many } from '../server/review/calibration-ledger.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { recordDecisions } from './support/review-ledger.ts'
import { api } from './support/service-api.ts'
import { shown } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp({ seedVideos: 10, review: { autoAccept: { everyMs: 250 } } })
  // The team's history: 400 suggestions decided at 30 and above, 398 of them accepted.
  await recordDecisions(app, many(400, 398, { score: 64, decided_ms: Date.now() - 86_400_000 }))
})
afterAll(() => app?.close())

it('pauses auto-accept when the blind audit says it slipped, and tells the admin why', async () => {
  const { page } = app
  await page.goto(`${app.url}/review/calibration?threshold=30&floor=30`)
  const panel = page.getByRole('region', { name: 'Auto-accept' })
  const toggle = panel.getByRole('switch', { name: 'Auto-accept' })
  await expect.poll(() => toggle.getAttribute('aria-describedby')).toBeNull()
  await toggle.click()
  await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true')

  // People, not told, decided 30 suggestions auto-accept would have accepted: they took 20.
  await recordDecisions(app, many(30, 20, { score: 80, source: 'audit', decided_ms: Date.now() }))
  const pausedReason = () =>
    api<AutoAcceptSettings>(app, 'GET', '/api/dashboard/review/settings').then(
      (answer) => answer.paused?.reason ?? null,
    )
  await expect
    .poll(pausedReason, { timeout: 10_000 })
    .toMatch(/^In the blind audit people accepted/)

  await page.reload()
  const reason =
    /^In the blind audit people accepted 66\.7% \(lower bound [\d.]+%\) of 30 suggestions at 30 and above that auto-accept would have accepted, short of the target of 95%\./
  await shown(panel.getByText(/^Auto-accept paused itself, /))
  await shown(panel.getByText(reason))
  await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false')
  const audit = await api<{ entries: Array<{ account_email: string }> }>(
    app,
    'GET',
    '/auth/audit?operation=review.autoAcceptPaused',
  )
  expect(audit.entries).toEqual([expect.objectContaining({ account_email: 'auto-accept' })])
  expect(await seriousAccessibilityViolations(page)).toEqual([])
})
