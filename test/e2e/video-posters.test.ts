import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Video } from '@/api/generated/types.gen.ts'
import { encodeRgbPng } from '../../server/sandbox/media/png.ts'
import { type MediaHost, startMediaHost } from '../support/conformance/media-host.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { failedRequest } from './support/page-errors.ts'
import { api, firstVideoId } from './support/service-api.ts'
import { dragWithMouse, pressWhenLifted, shown } from './support/ui.ts'

let app: RunningApp
let media: MediaHost
let video: Video

// A portrait PNG of one colour, served by the test for the service to fetch.
const png = (shade: number) => encodeRgbPng(90, 160, Buffer.alloc(90 * 160 * 3, shade))

beforeAll(async () => {
  media = await startMediaHost()
  app = await startApp({ seedVideos: 30 })
  await app.page.goto(`${app.url}/videos`)
  const id = await firstVideoId(app, ['approved'])
  await api(app, 'PATCH', `/api/v1/videos/${id}`, { poster_url: '' })
  for (const [index, name] of ['red', 'green', 'blue'].entries()) {
    const url = media.serve(`/posters/${name}.png`, {
      body: png(60 * index),
      contentType: 'image/png',
    })
    await api(app, 'POST', `/api/v1/videos/${id}/posters`, {
      url,
      external_id: name,
      weight: 0.9 - index * 0.3,
    })
  }
  video = await api<Video>(app, 'GET', `/api/v1/videos/${id}`)
})
afterAll(async () => {
  await app?.close()
  await media?.close()
})

// The external ids in the order the service serves them (highest weight first).
const served = async () => {
  const stored = await api<Video>(app, 'GET', `/api/v1/videos/${video.id}`)
  return [...stored.video_posters]
    .sort((a, b) => (b.weight ?? -1) - (a.weight ?? -1))
    .map((poster) => poster.external_id)
}
const panel = () => app.page.getByRole('region', { name: /^Posters/ })
// Each poster's external id, as its picture is named on screen, top to bottom.
const onScreen = () =>
  panel()
    .getByRole('list', { name: 'Posters, served first at the top' })
    .getByRole('img')
    .evaluateAll((images) =>
      images.map((image) => /“(.+)”/.exec(image.getAttribute('alt') ?? '')?.[1]),
    )
// A poster is named by its place, its external id, source and size: "Poster 2 “red”, from api, 90×160".
const handle = (name: string) =>
  panel().getByRole('button', {
    name: new RegExp(`^Reorder Poster \\d “${name}”, from api, 90×160$`),
  })

async function open() {
  await app.page.goto(`${app.url}/videos/${video.id}`)
  await shown(handle('red'))
}

it('arranges posters by dragging, and the service serves them in that order', async () => {
  await open()
  expect(await served()).toEqual(['red', 'green', 'blue'])
  await panel()
    .getByRole('list', { name: 'Posters, served first at the top' })
    .evaluate((list) => list.scrollIntoView({ block: 'center' }))
  const from = await handle('blue').boundingBox()
  const to = await handle('red').boundingBox()
  if (!from || !to) throw new Error('the posters are not laid out')
  await dragWithMouse(
    app.page,
    { x: from.x + 8, y: from.y + 8 },
    { x: from.x + 8, y: to.y - 12 },
    app.page.getByText(/is over position 1 of 3\./),
  )
  await expect.poll(served).toEqual(['blue', 'red', 'green'])
  const stored = await api<Video>(app, 'GET', `/api/v1/videos/${video.id}`)
  expect(stored.video_posters.map((poster) => poster.weight).sort()).toEqual([0.3333, 0.6667, 1])
  await shown(panel().getByText('Shown first'))
  expect(await onScreen()).toEqual(['blue', 'red', 'green'])
  await shown(handle('blue').and(panel().getByRole('button', { name: /^Reorder Poster 1 / })))
})

it('arranges posters by keyboard, with each move spoken', async () => {
  await open()
  const first = (await served())[0] ?? ''
  await handle(first).focus()
  await app.page.keyboard.press('Space')
  const said = `Poster 1 “${first}”, from api, 90×160`
  await shown(app.page.getByText(`Picked up ${said}, at position 1 of 3.`))
  await pressWhenLifted(
    app.page,
    'ArrowDown',
    app.page.getByText(`${said} is over position 2 of 3.`),
  )
  await app.page.keyboard.press('Space')
  await expect.poll(async () => (await served())[1]).toBe(first)
})

it('keeps the service’s order on screen, with the reason, when a batch is refused', async () => {
  await open()
  const before = await served()
  app.expectConsoleError(failedRequest(422, `${app.url}/api/v1/videos/${video.id}/posters`))
  // As a stale tab would: a reference to a poster the video no longer has.
  await app.page.route(`**/api/v1/videos/${video.id}/posters`, (route) => {
    if (route.request().method() !== 'PATCH') return route.fallback()
    const body = route.request().postDataJSON() as { posters: unknown[] }
    return route.fallback({
      postData: JSON.stringify({ posters: [...body.posters, { id: 'gone0000', weight: 0.1 }] }),
    })
  })
  await panel()
    .getByRole('button', { name: `Move Poster 3 “${before[2]}”, from api, 90×160` })
    .click()
  await app.page.getByRole('menuitem', { name: 'Move to top' }).click()
  const alert = panel().getByRole('alert')
  await shown(alert.getByText('The new order was not saved'))
  expect(await alert.textContent()).toMatch(/does not reference a poster of this video/)
  await expect.poll(onScreen).toEqual(before)
  expect(await served()).toEqual(before)
  await app.page.unroute(`**/api/v1/videos/${video.id}/posters`)
})

it('adds a poster by address after previewing it, refuses a duplicate external id, deletes', async () => {
  await open()
  const url = media.serve('/posters/new.png', { body: png(200), contentType: 'image/png' })
  const form = app.page.getByRole('region', { name: /^Posters/ })
  await form.getByLabel('Image address').fill(url)
  const preview = form.getByRole('img', { name: 'Preview of the new poster' })
  await expect
    .poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(90)
  await form.getByLabel('External id').fill('red')
  app.expectConsoleError(failedRequest(422, `${app.url}/api/v1/videos/${video.id}/posters`))
  await form.getByRole('button', { name: 'Add poster' }).click()
  await shown(form.getByText(/external_id is already used/))
  expect(await form.getByLabel('Image address').inputValue()).toBe(url)

  await form.getByLabel('External id').fill('sunset')
  await form.getByRole('button', { name: 'Add poster' }).click()
  await shown(handle('sunset'))
  expect(await served()).toContain('sunset')
  expect(await seriousAccessibilityViolations(app.page)).toEqual([])

  // A fine adjustment goes through the single-poster endpoint.
  await form.getByRole('button', { name: /^Adjust weight of Poster 4 “sunset”/ }).click()
  await form.getByLabel(/^Weight of Poster 4 “sunset”, .*, 0 to 1$/).fill('0.05')
  await form.getByRole('button', { name: 'Save weight' }).click()
  await expect
    .poll(async () => {
      const stored = await api<Video>(app, 'GET', `/api/v1/videos/${video.id}`)
      return stored.video_posters.find((poster) => poster.external_id === 'sunset')?.weight
    })
    .toBe(0.05)
  await expect.poll(async () => (await served()).at(-1)).toBe('sunset')

  await form.getByRole('button', { name: /^Delete Poster 4 “sunset”/ }).click()
  await app.page.getByRole('dialog').getByRole('button', { name: 'Delete poster' }).click()
  await expect.poll(served).not.toContain('sunset')
})
