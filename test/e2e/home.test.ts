import type { Locator } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { ChannelList, VideoList } from '@/api/generated/types.gen.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { api } from './support/service-api.ts'
import { shown, textOf } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp({ seedVideos: 40 })
})
afterAll(() => app?.close())

/** Noon UTC, `days` from today. */
const noonIn = (days: number) => {
  const now = new Date()
  return new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days, 12),
  ).toISOString()
}

/** The number a figure or a bar's row shows first. */
const numberIn = async (locator: Locator) =>
  Number((await textOf(locator)).match(/[\d,]+/)?.[0]?.replaceAll(',', '') ?? Number.NaN)

// A merchandiser starts the day on the home page: how many videos are in each state, what goes
// live over the next two weeks, what waits for them, each figure opening the list it counts.
it('reads the channel’s day from the home page, and opens the list a figure counts', async () => {
  const { page } = app
  await page.goto(`${app.url}/videos`)
  const { channels } = await api<ChannelList>(app, 'GET', '/api/v1/channels')
  const channel = channels[0]?.id ?? ''
  const total = async (query: string) =>
    (
      await api<VideoList>(
        app,
        'GET',
        `/api/v1/videos?channel_id=${channel}&page_size=1&fields=caption&${query}`,
      )
    ).pagination.total_entries
  const status = () => api<{ state: string }>(app, 'GET', '/api/dashboard/index/status')
  await expect.poll(async () => (await status()).state, { timeout: 20_000 }).toBe('ready')
  // Through the dashboard, as the app makes them: the index learns of each from its answer.
  const { videos } = await api<VideoList>(
    app,
    'GET',
    `/api/v1/videos?channel_id=${channel}&page_size=3&fields=caption`,
  )
  const [scheduled, archived] = videos as [VideoList['videos'][number], VideoList['videos'][number]]
  await api(app, 'POST', `/api/v1/videos/${scheduled.id}/publish`, { published_at: noonIn(1) })
  await api(app, 'POST', `/api/v1/videos/${archived.id}/archive`)

  await page.goto(`${app.url}/`)
  await shown(page.getByRole('heading', { level: 1, name: 'Today' }))
  await shown(page.getByText(/^From the dashboard's index: checked against the service/))
  const states = page.getByRole('list', { name: 'Videos by state' })
  const row = (name: string) => states.getByRole('link', { name: new RegExp(`^${name} `) })
  await shown(row('Drafts'))
  // Each state counts what the service lists: drafts and scheduled videos are its unpublished
  // ones, live its published ones, archived apart.
  const drafts = await numberIn(row('Drafts'))
  const upcoming = await numberIn(row('Scheduled'))
  expect(upcoming).toBeGreaterThan(0)
  expect(drafts + upcoming).toBe(await total('published=false'))
  expect(await numberIn(row('Live'))).toBe(await total('published=true'))
  expect(await numberIn(row('Archived'))).toBe(await total('archived=true'))

  // Tomorrow (UTC) has the video just scheduled, in the timeline's table for screen readers.
  const schedule = page.getByRole('table', {
    name: /^Videos scheduled on each of the next 14 days/,
  })
  const tomorrow = new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(noonIn(1)))
  expect(
    await numberIn(schedule.getByRole('row', { name: new RegExp(`^${tomorrow} `) })),
  ).toBeGreaterThan(0)

  // What waits, each counted as the list it opens counts it.
  const figure = (name: RegExp) => numberIn(page.getByRole('link', { name }))
  // biome-ignore lint/suspicious/noExplicitAny: the dashboard's answers, read for one number each
  const index = (path: string) => api<any>(app, 'GET', `/api/dashboard/index/${path}`)
  // biome-ignore lint/suspicious/noExplicitAny: the review queue's answer, read for its length
  const queue = await api<any>(app, 'GET', `/api/dashboard/review/queue?channel_id=${channel}`)
  await expect
    .poll(() => figure(/videos with AI matches waiting for review$/))
    .toBe(queue.videos.length)
  await expect
    .poll(async () => (await figure(/videos processing/)) === (await total('status=pending')))
    .toBe(true)
  const attention = await index(`videos?channel_id=${channel}&attention=true&page_size=1`)
  expect(await figure(/videos needing attention/)).toBe(attention.pagination.total_entries)
  const broken = await index(`tag-health?channel_id=${channel}`)
  expect(await figure(/videos with a broken tag/)).toBe(
    new Set(broken.tags.map((tag: { video_id: string }) => tag.video_id)).size,
  )
  const unselling = await index(`coverage/videos?channel_id=${channel}&limit=1`)
  expect(await figure(/live videos with no product$/)).toBe(unselling.total)
  expect(await seriousAccessibilityViolations(page)).toEqual([])

  // A figure opens the library filtered as it counts, with as many videos: the archived ones
  // (the service's list), the one just archived among them, then the drafts (the index's).
  const archivedCount = await numberIn(row('Archived'))
  await row('Archived').click()
  await page.waitForURL(/\/videos\?.*archived=true/)
  await shown(page.getByText(new RegExp(`^${archivedCount} videos? match`)))
  await shown(page.getByRole('link', { name: archived.caption ?? '', exact: true }).first())
  await page.goBack()
  await row('Drafts').click()
  await page.waitForURL(/\/videos\?.*state=draft/)
  await shown(page.getByText(new RegExp(`^${drafts} videos? match`)))
})
