import { afterAll, beforeAll, expect, it } from 'vitest'
import type { ProductMatchList, Video } from '@/api/generated/types.gen.ts'
import { many } from '../server/review/calibration-ledger.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { recordDecisions } from './support/review-ledger.ts'
import { api, firstChannelVideos } from './support/service-api.ts'
import { shown } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  // No video drawn for the blind audit, so the job below is the machine's to settle.
  app = await startApp({
    seedVideos: 40,
    review: { autoAccept: { draw: () => 0.5, everyMs: 250 } },
  })
  // The team's history: 400 suggestions decided at 30 and above, 398 of them accepted.
  await recordDecisions(app, many(400, 398, { score: 64, decided_ms: Date.now() - 86_400_000 }))
})
afterAll(() => app?.close())

it('an admin turns auto-accept on where the data supports it; a fresh job is settled and undone from the video page', async () => {
  const { page } = app
  await page.goto(`${app.url}/review/calibration?threshold=30&floor=30`)
  const panel = page.getByRole('region', { name: 'Auto-accept' })
  await shown(
    panel.getByText(
      /^At 30 and above the team accepted 99\.5% \(lower bound 98\.\d%\) of 400 decisions: auto-accept can be turned on\.$/,
    ),
  )
  expect(await seriousAccessibilityViolations(page)).toEqual([])
  const toggle = panel.getByRole('switch', { name: 'Auto-accept' })
  await expect.poll(() => toggle.getAttribute('aria-describedby')).toBeNull()
  await toggle.click()
  await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true')
  await shown(
    panel.getByText(/^Auto-accept is on: videos whose every suggestion scores 30 or more/),
  )

  // A video no job has run on yet.
  const list = await firstChannelVideos(app, 'status=approved&page_size=50')
  let videoId = ''
  for (const video of list.videos) {
    const matches = await api<ProductMatchList>(
      app,
      'GET',
      `/api/v1/videos/${video.id}/product_matches`,
    )
    if (matches.status === 'none') {
      videoId = video.id
      break
    }
  }
  expect(videoId).not.toBe('')
  const before = (await api<Video>(app, 'GET', `/api/v1/videos/${videoId}`)).product_ids
  await page.goto(`${app.url}/videos/${videoId}`)
  const matching = page.getByRole('region', { name: 'AI matching' })
  await matching.getByRole('button', { name: 'Find products with AI' }).click()

  // Settled by the dashboard, not the service's auto_accept: the page shows what it decided.
  const decided = matching.getByRole('region', { name: 'Decided by auto-accept' })
  await shown(decided.getByText(/^Accepted /))
  const matches = await api<ProductMatchList>(
    app,
    'GET',
    `/api/v1/videos/${videoId}/product_matches`,
  )
  const accepted = matches.matches.map((match) => match.product.id)
  expect(accepted.length).toBeGreaterThan(0)
  expect(matches.matches.every((match) => match.status === 'accepted')).toBe(true)
  const tagged = (await api<Video>(app, 'GET', `/api/v1/videos/${videoId}`)).product_ids
  expect(new Set(tagged)).toEqual(new Set([...before, ...accepted]))
  const audit = await api<{ entries: Array<{ account_email: string; path: string }> }>(
    app,
    'GET',
    '/auth/audit?operation=review.autoAccept',
  )
  expect(audit.entries).toEqual([
    expect.objectContaining({
      account_email: 'auto-accept',
      path: `/api/v1/videos/${videoId}/product_matches/accept`,
    }),
  ])
  expect(await seriousAccessibilityViolations(page)).toEqual([])

  await decided.getByRole('button', { name: /^Undo auto-accept's decisions of/ }).click()
  await shown(
    decided
      .getByRole('status')
      .getByText("Undone: what auto-accept accepted is off the video's products."),
  )
  await shown(decided.getByText(/^Undone /))
  const after = (await api<Video>(app, 'GET', `/api/v1/videos/${videoId}`)).product_ids
  expect(new Set(after)).toEqual(new Set(before.filter((id) => !accepted.includes(id))))
})
