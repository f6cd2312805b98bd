import { afterAll, beforeAll, expect, it } from 'vitest'
import type { ProductMatch, ProductMatchList } from '@/api/generated/types.gen.ts'
import { decisionRow, openLedger, record } from '../server/review/calibration-ledger.ts'
import { waitUntil } from '../server/wait-until.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { suggestions } from './support/matches.ts'
import { type Device, signedInAs } from './support/roles.ts'
import { api, firstChannelVideos } from './support/service-api.ts'
import { shown } from './support/ui.ts'

// The reviewer page over real matching jobs on two videos, each reviewed twice with the two
// reviews differing (the sample's draws are the server's own, so the pairs are seeded in the
// ledger as the review writes them). A viewer reads it and changes nothing; an admin settles one
// video, and the service's matches follow the settled products.
const ana = { reviewer_id: 'account-ana', reviewer_email: 'ana@example.com' }
const bo = { reviewer_id: 'account-bo', reviewer_email: 'bo@example.com' }
let app: RunningApp
let viewer: Device
const reviewed: { id: string; caption: string; ranked: ProductMatch[] }[] = []

beforeAll(async () => {
  app = await startApp({ seedVideos: 12 })
  await app.page.goto(`${app.url}/`)
  const { videos } = await firstChannelVideos(app, 'page_size=20&fields=caption')
  for (const video of videos.filter((each) => each.caption).slice(0, 2)) {
    await api(app, 'POST', `/api/v1/videos/${video.id}/product_matches`, {})
    await waitUntil(
      async () =>
        (await api<ProductMatchList>(app, 'GET', `/api/v1/videos/${video.id}/product_matches`))
          .status === 'completed',
      'the matching job to complete',
      { timeoutMs: 15_000, intervalMs: 100 },
    )
    const ranked = await suggestions(app, video.id)
    if (ranked.length < 3) throw new Error(`video ${video.id} has fewer than three suggestions`)
    reviewed.push({ id: video.id, caption: video.caption ?? '', ranked })
  }
  const at = Date.parse('2026-03-02T09:00:00.000Z')
  const review = (who: typeof ana, source: 'person' | 'second', accept: number, offset: number) =>
    reviewed.flatMap(({ id, ranked }, n) =>
      ranked.map((match, rank) =>
        decisionRow({
          ...who,
          source,
          video_id: id,
          match_id: match.id,
          product_id: match.product.id,
          score: match.matching_score,
          rank: rank + 1,
          decision: rank === accept ? 'accepted' : 'rejected',
          decided_ms: at + n * 60_000 + offset,
          ms_taken: 2_000 + rank * 1_000,
        }),
      ),
    )
  const ledger = await openLedger({ sqlitePath: app.dashboardDb })
  // Ana accepts each video's best suggestion; Bo, reviewing again, the second best.
  await record(ledger, review(ana, 'person', 0, 0))
  await record(ledger, review(bo, 'second', 1, 30_000))
  await ledger.destroy()
  viewer = (await signedInAs(app, ['viewer'])).viewer
})
afterAll(() => app?.close())

const item = (page: Device['page'], caption: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: caption }) })

it('shows a viewer the pace, agreement and disagreements, with nothing to settle', async () => {
  const { page } = viewer
  const writes: string[] = []
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/api/'))
      writes.push(`${request.method()} ${request.url()}`)
  })
  await page.goto(`${app.url}/review/reviewers`)
  const table = page.getByRole('table', { name: 'Each reviewer’s decisions, pace and undo rate' })
  await shown(table)
  const rowOf = (email: string) =>
    table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: email }) })
  const decisions = reviewed.reduce((sum, video) => sum + video.ranked.length, 0)
  expect((await rowOf('ana@example.com').getByRole('cell').allTextContents())[0]).toBe(
    String(decisions),
  )
  await shown(page.getByText(/each gap counted up to 2 minutes/))
  const agreement = page.getByRole('region', { name: 'Agreement between reviewers' })
  expect(await agreement.getByRole('definition').first().textContent()).toBe(String(decisions))
  const [first] = reviewed
  const listed = item(page, first?.caption ?? '')
  await shown(listed.getByText(`Accepted ${first?.ranked[0]?.product.name}`, { exact: true }))
  await shown(listed.getByText(`Accepted ${first?.ranked[1]?.product.name}`, { exact: true }))
  await shown(page.getByText('Admins settle these; the list is for reading.'))
  expect(await page.getByRole('button', { name: 'Settle' }).count()).toBe(0)
  expect(await page.getByRole('checkbox').count()).toBe(0)
  expect(await seriousAccessibilityViolations(page)).toEqual([])
  expect(writes).toEqual([])
})

it('lets an admin settle a disagreement, which the service then holds', async () => {
  const { page } = app
  await page.goto(`${app.url}/matches`)
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Reviewers' })
    .click()
  await shown(page.getByRole('heading', { level: 1, name: 'Reviewers' }))
  const [video, other] = reviewed
  if (!video || !other) throw new Error('two videos were not reviewed')
  const [best, next] = video.ranked
  const listed = item(page, video.caption)
  const settle = listed.getByRole('group', { name: 'Settle: the products this video shows' })
  await shown(settle.getByRole('checkbox', { name: next?.product.name ?? '' }))
  expect(await seriousAccessibilityViolations(page)).toEqual([])
  await settle.getByRole('checkbox', { name: best?.product.name ?? '' }).check()
  await settle.getByRole('checkbox', { name: next?.product.name ?? '' }).check()
  await listed.getByRole('button', { name: 'Settle' }).click()
  await shown(page.getByText(`Settled: ${best?.product.name}, ${next?.product.name} accepted`))
  await listed.waitFor({ state: 'detached' })
  await shown(item(page, other.caption))

  const after = await suggestions(app, video.id)
  const accepted = after.filter((match) => match.status === 'accepted').map((m) => m.product.id)
  expect(accepted.sort()).toEqual([best?.product.id, next?.product.id].sort())
})
