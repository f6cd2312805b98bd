import { afterAll, beforeAll, expect, it } from 'vitest'
import type { ProductMatch, Video } from '@/api/generated/types.gen.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import {
  everySuggestion,
  lastTen,
  reviewing,
  reviewQueue,
  shownDecisions,
  suggestions,
  titleOf,
} from './support/matches.ts'
import { failedRequest } from './support/page-errors.ts'
import { api } from './support/service-api.ts'
import { focused, shown } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.close())

const statuses = (matches: ProductMatch[]) => matches.map((match) => match.status)

it('clears videos of the queue from the keyboard alone, and the service holds exactly those decisions', async () => {
  const { page } = app
  await page.goto(`${app.url}${everySuggestion}`)
  const queue = await reviewQueue(app)
  expect(queue.length).toBeGreaterThanOrEqual(3)
  const [first, second, third] = queue as [Video, Video, Video]
  const expected = new Map<string, string[]>()

  await reviewing(page, first)
  await shown(page.getByText(`Video 1 of ${queue.length} waiting for review`))
  const firstMatches = await suggestions(app, first.id)
  await page.keyboard.press('a')
  await page.keyboard.press('x')
  expect((await shownDecisions(page)).slice(0, 2)).toEqual(['accepted', 'rejected'])
  await shown(page.getByText(`${firstMatches.length - 2} undecided`))
  await page.keyboard.press('Enter')
  expected.set(
    first.id,
    firstMatches.map((_, i) => (i === 0 ? 'accepted' : 'rejected')),
  )

  await reviewing(page, second)
  const secondMatches = await suggestions(app, second.id)
  await page.keyboard.press('Shift+A')
  await page.keyboard.press('u')
  expect(await shownDecisions(page)).toEqual(
    secondMatches.map((_, i) => (i === secondMatches.length - 1 ? 'undecided' : 'accepted')),
  )
  await page.keyboard.press('Enter')
  expected.set(
    second.id,
    secondMatches.map((_, i) => (i === secondMatches.length - 1 ? 'rejected' : 'accepted')),
  )

  await reviewing(page, third)
  const thirdMatches = await suggestions(app, third.id)
  await page.keyboard.press('j')
  await page.keyboard.press('a')
  await page.keyboard.press('Enter')
  expected.set(
    third.id,
    thirdMatches.map((_, i) => (i === 1 ? 'accepted' : 'rejected')),
  )
  await shown(page.getByText(`Video 4 of ${queue.length} waiting for review`))
  // The screen moves on as each submit is sent: each is in the last ten once it is answered.
  for (const video of [first, second, third])
    await shown(
      lastTen(page)
        .getByRole('link', { name: titleOf(video) })
        .first(),
    )

  const reviewed = [
    [first, firstMatches],
    [second, secondMatches],
    [third, thirdMatches],
  ] as const
  for (const [video, before] of reviewed) {
    const after = await suggestions(app, video.id)
    const byId = new Map(after.map((match) => [match.id, match.status]))
    expect(before.map((match) => byId.get(match.id))).toEqual(expected.get(video.id))
    const tagged = await api<Video>(app, 'GET', `/api/v1/videos/${video.id}`)
    const accepted = after.filter((match) => match.status === 'accepted')
    expect(tagged.product_ids).toEqual(expect.arrayContaining(accepted.map((m) => m.product.id)))
  }
  expect((await reviewQueue(app)).map((video) => video.id)).not.toContain(first.id)
  expect(statuses(await suggestions(app, queue[3]?.id ?? ''))).toContain('pending')
})

it('keeps the decisions through a failed submit and a reload, then retries', async () => {
  const { page } = app
  await page.goto(`${app.url}${everySuggestion}`)
  const [video] = await reviewQueue(app)
  if (!video) throw new Error('the queue is empty')
  await reviewing(page, video)
  await page.keyboard.press('a')
  await page.keyboard.press('a')
  await page.keyboard.press('u')
  expect((await shownDecisions(page)).slice(0, 2)).toEqual(['accepted', 'undecided'])

  await page.reload()
  await reviewing(page, video)
  expect((await shownDecisions(page)).slice(0, 2)).toEqual(['accepted', 'undecided'])

  const submit = `/api/dashboard/review/videos/${video.id}/decisions`
  const accept = `**${submit}`
  app.expectConsoleError(failedRequest(500, `${app.url}${submit}`))
  await page.route(accept, (route) =>
    route.fulfill({ status: 500, json: { error: 'Matching store unavailable' } }),
  )
  await page.keyboard.press('Enter')
  const alert = page.getByRole('alert').filter({ hasText: 'Not submitted' })
  await shown(alert)
  expect(await alert.textContent()).toContain('Matching store unavailable')
  expect(await alert.textContent()).toContain('Your decisions are kept.')
  expect((await shownDecisions(page)).slice(0, 2)).toEqual(['accepted', 'undecided'])
  expect(statuses(await suggestions(app, video.id))).not.toContain('accepted')

  await page.unroute(accept)
  await alert.getByRole('button', { name: 'Retry' }).click()
  await shown(
    lastTen(page)
      .getByRole('link', { name: titleOf(video) })
      .first(),
  )
  const after = await suggestions(app, video.id)
  expect(after.filter((match) => match.status === 'accepted')).toHaveLength(1)
})

it('asks before leaving with undecided changes, and passes axe', async () => {
  const { page } = app
  await page.goto(`${app.url}${everySuggestion}`)
  const [video] = await reviewQueue(app)
  await reviewing(page, video)
  await page.keyboard.press('x')
  expect(await seriousAccessibilityViolations(page)).toEqual([])
  await page.getByRole('link', { name: 'Video library' }).click()
  const ask = page.getByRole('dialog', { name: 'Leave the review?' })
  await shown(ask)
  await ask.getByRole('button', { name: 'Stay on this page' }).click()
  expect(new URL(page.url()).pathname).toBe('/matches')
  await page.keyboard.press('?')
  await shown(
    page.getByRole('dialog', { name: /keyboard shortcuts/i }).getByText('Accept all remaining'),
  )
  expect(await seriousAccessibilityViolations(page)).toEqual([])
})

it('shows each suggestion with its product picture and its store', async () => {
  const { page } = app
  await page.goto(`${app.url}${everySuggestion}`)
  const [video] = await reviewQueue(app)
  await reviewing(page, video)
  const rows = page.locator('ol[aria-label="Suggested products"] > li')
  const first = rows.first()
  await expect
    .poll(() => first.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0)
  expect(await first.textContent()).toMatch(/Aurora (Main|EU) Store \((USD|EUR)\)/)
  await shown(first.getByRole('button', { name: /^Accept .+ from Aurora (Main|EU) Store/ }))
})

it('scrolls the suggestion in front of the reviewer into view when the keys move it out of view', async () => {
  const { page } = app
  await page.setViewportSize({ width: 1280, height: 400 })
  try {
    await page.goto(`${app.url}${everySuggestion}`)
    const [video] = await reviewQueue(app)
    await reviewing(page, video)
    // The Accept button of each suggestion: it takes the keyboard when its row is in front.
    const accepts = page.locator('ol[aria-label="Suggested products"] > li button:first-of-type')
    const count = await accepts.count()
    const inView = (index: number) =>
      accepts.nth(index).evaluate((button) => {
        const box = button.getBoundingClientRect()
        return box.top >= 0 && box.bottom <= window.innerHeight
      })
    const rows = page.locator('ol[aria-label="Suggested products"] > li')
    // An earlier test may have left decisions on this video, which put a later one in front.
    const first = await rows.evaluateAll((all) => all.findIndex((row) => row.dataset.active))
    let outOfView = 0
    for (let index = first + 1; index < count; index++) {
      if (!(await inView(index))) outOfView++
      await page.keyboard.press('ArrowDown')
      await focused(accepts.nth(index))
      await expect.poll(() => inView(index)).toBe(true)
    }
    // Otherwise no step here needed a scroll, and the test would prove nothing.
    expect(outOfView).toBeGreaterThan(0)
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 })
  }
})
