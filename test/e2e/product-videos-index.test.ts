import { afterAll, beforeAll, expect, it } from 'vitest'
import type { BusinessStoreList, ChannelList, VideoList } from '@/api/generated/types.gen.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { api } from './support/service-api.ts'
import { shown } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp({ seedVideos: 60 })
})
afterAll(() => app?.close())

// A merchandiser finds every video showing a product, drafts and archived ones included, which
// the service's own list (live videos only) cannot give: the dashboard's index answers.
it("lists every video showing a product, with its state, from the dashboard's index", async () => {
  const { page } = app
  await page.goto(`${app.url}/stores`)
  const { channels } = await api<ChannelList>(app, 'GET', '/api/v1/channels')
  const channel = channels[0]?.id as string
  const { stores } = await api<BusinessStoreList>(app, 'GET', '/api/v1/business_stores')
  const main = stores.find((store) => store.name === 'Aurora Main Store')
  if (!main) throw new Error('the demo has no main store')
  const { videos } = await api<VideoList>(
    app,
    'GET',
    `/api/v1/videos?channel_id=${channel}&page_size=100&fields=caption,product_ids`,
  )
  // The product on most videos of the channel, and two of them made a draft and archived.
  const counts = new Map<string, number>()
  for (const video of videos)
    for (const id of video.product_ids ?? []) counts.set(id, (counts.get(id) ?? 0) + 1)
  const [product] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? []
  const showing = videos.filter((video) => video.product_ids?.includes(product ?? ''))
  expect(showing.length).toBeGreaterThanOrEqual(2)
  const [drafted, archived] = showing as [VideoList['videos'][number], VideoList['videos'][number]]
  await api(app, 'POST', `/api/v1/videos/${drafted.id}/unpublish`)
  await api(app, 'POST', `/api/v1/videos/${archived.id}/archive`)
  const { name } = await api<{ name: string }>(app, 'GET', `/api/v1/products/${product}`)

  await page.goto(`${app.url}/stores/${main.id}?q=${encodeURIComponent(name)}`)
  await page.getByRole('table', { name: 'Products' }).getByRole('button', { name }).first().click()
  const dialog = page.getByRole('dialog', { name })
  const count = `${showing.length} ${showing.length === 1 ? 'video shows' : 'videos show'} it.`
  await shown(dialog.getByText(count))
  const row = (caption: string | null | undefined) =>
    dialog
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: caption ?? '', exact: true }) })
  await shown(row(drafted.caption).getByText('Draft'))
  await shown(row(archived.caption).getByText('Archived'))
  await shown(dialog.getByText(/^From the dashboard's index: checked against the service/))
  expect(await seriousAccessibilityViolations(page)).toEqual([])

  // Each answer links to the live record.
  await row(drafted.caption).getByRole('link').click()
  await page.waitForURL(`${app.url}/videos/${drafted.id}**`)
  await shown(page.getByRole('heading', { level: 1, name: drafted.caption ?? '' }))
})
