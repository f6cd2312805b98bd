import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningApp, startApp } from './support/app.ts'
import {
  moved,
  newPlaylist,
  openPlaylist,
  row,
  savedAs,
  storedOrder,
  type TestPlaylist,
} from './support/playlists.ts'
import { dragWithMouse, pressWhenLifted, shown } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.close())

const caption = (playlist: TestPlaylist, id: string) => playlist.captions.get(id) ?? ''
const handle = (playlist: TestPlaylist, id: string) =>
  app.page.getByRole('button', { name: `Reorder ${caption(playlist, id)}`, exact: true })

it('reorders by mouse drag, and the service stores the order the screen shows', async () => {
  const playlist = await newPlaylist(app, 'Drag by mouse', 12)
  await openPlaylist(app, playlist)
  const [first, , , fourth] = playlist.videoIds
  const from = await handle(playlist, first ?? '').boundingBox()
  const to = await row(app.page, fourth ?? '').boundingBox()
  if (!from || !to) throw new Error('rows are not laid out')
  const x = from.x + from.width / 2
  await dragWithMouse(
    app.page,
    { x, y: from.y + from.height / 2 },
    { x, y: to.y + to.height * 0.75 },
    app.page.getByText(`${caption(playlist, first ?? '')} is over position 4 of 12.`),
  )

  const expected = moved(playlist.videoIds, [first ?? ''], 3)
  await savedAs(app, playlist.id, expected)
  await expect
    .poll(() =>
      row(app.page, first ?? '')
        .locator('[data-position]')
        .getAttribute('data-position'),
    )
    .toBe('4')
})

it('reorders by keyboard and speaks captions and positions, never ids', async () => {
  const playlist = await newPlaylist(app, 'Keyboard moves', 12)
  await openPlaylist(app, playlist)
  const second = playlist.videoIds[1] ?? ''
  await handle(playlist, second).focus()
  await app.page.keyboard.press('Space')
  await shown(app.page.getByText(`Picked up ${caption(playlist, second)}, at position 2 of 12.`))
  for (const position of [3, 4, 5])
    await pressWhenLifted(
      app.page,
      'ArrowDown',
      app.page.getByText(`${caption(playlist, second)} is over position ${position} of 12.`),
    )
  await app.page.keyboard.press('Space')
  await shown(app.page.getByText(`${caption(playlist, second)} moved to position 5 of 12.`))
  await savedAs(app, playlist.id, moved(playlist.videoIds, [second], 4))
  const spoken = await app.page.locator('[aria-live]').allTextContents()
  for (const id of playlist.videoIds) expect(spoken.join(' ')).not.toContain(id)

  // Escape puts a lifted video back: nothing is sent.
  const before = await storedOrder(app, playlist.id)
  await handle(playlist, second).focus()
  await app.page.keyboard.press('Space')
  await shown(app.page.getByText(`Picked up ${caption(playlist, second)}, at position 5 of 12.`))
  const over = app.page.getByText(`${caption(playlist, second)} is over position 4 of 12.`)
  await pressWhenLifted(app.page, 'ArrowUp', over)
  await app.page.keyboard.press('Escape')
  await shown(app.page.getByText(/Move cancelled/))
  expect(await storedOrder(app, playlist.id)).toEqual(before)
})

it('moves a video to a position from its menu, without dragging', async () => {
  const playlist = await newPlaylist(app, 'Menu moves', 12)
  await openPlaylist(app, playlist)
  const third = playlist.videoIds[2] ?? ''
  await app.page
    .getByRole('button', { name: `Move ${caption(playlist, third)}`, exact: true })
    .click()
  await app.page.getByRole('menuitem', { name: 'Move to position…' }).click()
  const dialog = app.page.getByRole('dialog', { name: `Move ${caption(playlist, third)}` })
  await dialog.getByLabel('New position (1 to 12)').fill('10')
  await dialog.getByRole('button', { name: 'Move', exact: true }).click()
  await savedAs(app, playlist.id, moved(playlist.videoIds, [third], 9))

  await app.page
    .getByRole('button', { name: `Move ${caption(playlist, third)}`, exact: true })
    .click()
  await app.page.getByRole('menuitem', { name: 'Move to top' }).click()
  await savedAs(app, playlist.id, moved(playlist.videoIds, [third], 0))
})

it('moves several selected videos together as a block, keeping their order', async () => {
  const playlist = await newPlaylist(app, 'Block moves', 12)
  await openPlaylist(app, playlist)
  const [a, , c, , e] = playlist.videoIds as [string, string, string, string, string]
  await row(app.page, a).getByRole('checkbox').click()
  await row(app.page, c)
    .getByRole('checkbox')
    .click({ modifiers: ['Shift'] })
  await row(app.page, e).getByRole('checkbox').focus()
  await app.page.keyboard.press('x')
  await shown(app.page.getByText('4 selected'))
  await app.page.getByRole('button', { name: 'Move to bottom' }).click()
  const block = playlist.videoIds.slice(0, 3).concat(e)
  await savedAs(app, playlist.id, moved(playlist.videoIds, block, 8))
})

it('reorders by touch: a press held on the handle lifts the video, and the finger moves it', async () => {
  const playlist = await newPlaylist(app, 'Touch moves', 12)
  await openPlaylist(app, playlist)
  const first = playlist.videoIds[0] ?? ''
  const from = await handle(playlist, first).boundingBox()
  const to = await row(app.page, playlist.videoIds[2] ?? '').boundingBox()
  if (!from || !to) throw new Error('rows are not laid out')
  const cdp = await app.context.newCDPSession(app.page)
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x: from.x + from.width / 2, y }],
    })
  await touch('touchStart', from.y + from.height / 2)
  // The drag starts only once the press has been held (a quick swipe scrolls instead).
  await shown(app.page.getByText(`Picked up ${caption(playlist, first)}, at position 1 of 12.`))
  for (let step = 1; step <= 8; step++)
    await touch('touchMove', from.y + ((to.y + to.height * 0.75 - from.y) * step) / 8)
  await shown(app.page.getByText(`${caption(playlist, first)} is over position 3 of 12.`))
  await touch('touchEnd', 0)
  await savedAs(app, playlist.id, moved(playlist.videoIds, [first], 2))
})
