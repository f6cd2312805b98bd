import { afterAll, beforeAll, expect, it } from 'vitest'
import type { ChannelList, VideoList } from '@/api/generated/types.gen.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { api } from './support/service-api.ts'
import { shown, textOf } from './support/ui.ts'

type Listed = VideoList['videos'][number]

let app: RunningApp
beforeAll(async () => {
  app = await startApp({ seedVideos: 60 })
})
afterAll(() => app?.close())

/** Every video of the channel, archived ones too, as the service has them. */
async function everyVideo(channel: string): Promise<Listed[]> {
  const lists = await Promise.all(
    ['false', 'true'].map((archived) =>
      api<VideoList>(
        app,
        'GET',
        `/api/v1/videos?channel_id=${channel}&archived=${archived}&page_size=100&fields=caption,product_ids`,
      ),
    ),
  )
  return lists.flatMap((list) => list.videos)
}

const count = () => textOf(app.page.locator('[data-library-count]'))
const videoCount = (n: number) => `${n} ${n === 1 ? 'video' : 'videos'} match`

it('filters the library to the videos showing products, any or all of them, and to untagged ones', async () => {
  const { page } = app
  await page.goto(`${app.url}/videos`)
  const { channels } = await api<ChannelList>(app, 'GET', '/api/v1/channels')
  const videos = await everyVideo(channels[0]?.id as string)
  const counts = new Map<string, number>()
  for (const video of videos)
    for (const id of video.product_ids ?? []) counts.set(id, (counts.get(id) ?? 0) + 1)
  const [first, second] = [...counts].sort((a, b) => b[1] - a[1]).map(([id]) => id) as [
    string,
    string,
  ]
  const showing = (ids: string[], every: boolean) =>
    videos.filter((video) =>
      every
        ? ids.every((id) => video.product_ids?.includes(id))
        : ids.some((id) => video.product_ids?.includes(id)),
    ).length
  const products = await Promise.all(
    [first, second].map((id) =>
      api<{ name: string; business_store_id: string; units: Array<{ sku: string | null }> }>(
        app,
        'GET',
        `/api/v1/products/${id}`,
      ),
    ),
  )
  const names = products.map((product) => product.name)

  await page.getByRole('button', { name: 'Products and readiness filters' }).click()
  await page.getByRole('button', { name: 'Filter by product…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Videos showing products' })
  for (const { name, business_store_id, units } of products) {
    await dialog.getByLabel('Store').selectOption(business_store_id)
    // By its SKU, the product comes first, offered whole; the keyboard picks it.
    await dialog.getByRole('combobox', { name: 'Find products' }).fill(units[0]?.sku ?? name)
    await shown(page.getByRole('option').filter({ hasText: name }).first())
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Escape')
    await shown(dialog.getByRole('list', { name: 'Chosen products' }).getByText(name))
  }
  await dialog.getByRole('radio', { name: 'all of them' }).check()
  expect(await seriousAccessibilityViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Show the videos' }).click()
  await page.waitForURL(/match=all/)
  await expect.poll(count).toBe(videoCount(showing([first, second], true)))
  const filters = page.getByRole('region', { name: "Filtered by the dashboard's index" })
  await shown(filters.getByText(/^From the dashboard's index: checked against the service/))
  expect(await seriousAccessibilityViolations(page)).toEqual([])

  await filters.getByRole('radio', { name: 'any of them' }).check()
  await expect.poll(count).toBe(videoCount(showing([first, second], false)))

  // Without the first product, the second's videos; then every video once the filter is cleared.
  await filters.getByRole('button', { name: `Remove ${names[0]}` }).click()
  await expect.poll(count).toBe(videoCount(showing([second], false)))
  await filters.getByRole('button', { name: 'Clear these filters' }).click()
  await expect.poll(count).toMatch(/^\d+ videos$/)

  await page.getByLabel('Readiness').selectOption({ label: 'No product' })
  await page.waitForURL(/untagged=true/)
  const untagged = videos.filter((video) => (video.product_ids ?? []).length === 0)
  await expect.poll(count).toBe(videoCount(untagged.length))
})

it('lists the videos needing attention by the team’s required checks', async () => {
  const { page } = app
  await page.goto(`${app.url}/videos`)
  const { channels } = await api<ChannelList>(app, 'GET', '/api/v1/channels')
  const channel = channels[0]?.id as string
  const live = await api<VideoList>(
    app,
    'GET',
    `/api/v1/videos?channel_id=${channel}&page_size=100&fields=caption,product_ids`,
  )
  const tagged = live.videos.find((video) => (video.product_ids ?? []).length > 0)
  if (!tagged) throw new Error('the demo has no tagged video')
  // Only "a product is tagged" required: the videos needing attention are the untagged ones.
  await api(app, 'PUT', '/api/dashboard/settings/readiness', { required: ['product'] })
  try {
    await page.goto(`${app.url}/videos?attention=true`)
    const expected = live.videos.filter((video) => (video.product_ids ?? []).length === 0)
    await expect.poll(count).toBe(videoCount(expected.length))
    const captions = await page.locator('ul[aria-label="Videos"] li a').allTextContents()
    expect(captions.join('\n')).not.toContain(tagged.caption ?? '')
    await shown(
      page
        .getByRole('region', { name: "Filtered by the dashboard's index" })
        .getByRole('listitem')
        .getByText('Needs attention'),
    )
  } finally {
    await api(app, 'PUT', '/api/dashboard/settings/readiness', {
      required: ['caption', 'product', 'broken_tag', 'poster'],
    })
  }
})
