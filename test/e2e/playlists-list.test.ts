import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Playlist } from '@/api/generated/types.gen.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { newPlaylist, openPlaylist, storedOrder } from './support/playlists.ts'
import { api } from './support/service-api.ts'
import { gone, shown } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.close())

const table = () => app.page.getByRole('table', { name: 'Playlists, newest first' })

it('creates a playlist with its first videos, renames it and deletes it after asking', async () => {
  const { page } = app
  await page.goto(`${app.url}/playlists`)
  await shown(table())
  expect(await seriousAccessibilityViolations(page)).toEqual([])

  await page.getByRole('button', { name: 'New playlist' }).first().click()
  const form = page.getByRole('dialog', { name: 'New playlist' })
  await form.getByRole('button', { name: 'Create playlist' }).click()
  await shown(form.getByText('This cannot be empty.'))
  await form.getByLabel('Name').fill('n'.repeat(101))
  await form.getByRole('button', { name: 'Create playlist' }).click()
  await shown(form.getByText('Use at most 100 characters.'))
  await form.getByLabel('Name').fill('Spring 50% off_edit')
  await form.getByLabel('Description').fill('For the spring landing page')
  await form.getByRole('button', { name: 'Choose videos…' }).click()
  const picker = page.getByRole('dialog', { name: 'Add videos to the playlist' })
  const free = picker.getByRole('list').getByRole('checkbox', { disabled: false })
  await free.nth(0).check()
  await free.nth(1).check()
  expect(await seriousAccessibilityViolations(page)).toEqual([])
  await picker.getByRole('button', { name: 'Use these videos' }).click()
  await shown(form.getByText('2 videos chosen'))
  await form.getByRole('button', { name: 'Create playlist' }).click()

  await page.waitForURL(/\/playlists\/[^/?]+/)
  await shown(page.getByRole('heading', { name: 'Spring 50% off_edit' }))
  const id = new URL(page.url()).pathname.split('/').pop() ?? ''
  expect(await storedOrder(app, id)).toHaveLength(2)

  // The name search is literal: % and _ match only themselves.
  await page.goto(`${app.url}/playlists`)
  await page.getByLabel('Search playlists by name').fill('50% off_')
  await page.waitForURL(/q=50/)
  await expect.poll(() => table().getByRole('row').count()).toBe(2)
  await page.getByLabel('Search playlists by name').fill('50%_off')
  await shown(page.getByText('No playlist matches.'))
  await page.getByLabel('Search playlists by name').fill('Spring 50')

  await page.getByRole('button', { name: 'Actions for Spring 50% off_edit' }).click()
  await page.getByRole('menuitem', { name: 'Rename or edit description…' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit “Spring 50% off_edit”' })
  await edit.getByLabel('Name').fill('Spring edit')
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await gone(edit)
  await page.getByLabel('Search playlists by name').fill('Spring edit')
  await shown(table().getByRole('link', { name: 'Spring edit' }))
  expect((await api<Playlist>(app, 'GET', `/api/v1/playlists/${id}`)).name).toBe('Spring edit')

  await page.getByRole('button', { name: 'Actions for Spring edit' }).click()
  await page.getByRole('menuitem', { name: 'Delete…' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete “Spring edit”?' })
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await shown(table().getByRole('link', { name: 'Spring edit' }))
  await page.getByRole('button', { name: 'Actions for Spring edit' }).click()
  await page.getByRole('menuitem', { name: 'Delete…' }).click()
  await confirm.getByRole('button', { name: 'Delete playlist' }).click()
  await shown(page.getByText('No playlist matches.'))
})

it('adds every video matching a rule, counted before confirming, new ones last', async () => {
  const playlist = await newPlaylist(app, 'By rule', 3)
  await openPlaylist(app, playlist)
  await app.page.getByRole('button', { name: 'Add all matching…' }).click()
  const dialog = app.page.getByRole('dialog', { name: 'Add all videos matching…' })
  await dialog.getByLabel('Publication').selectOption({ label: 'Live' })
  await dialog.getByLabel('Processing').selectOption({ label: 'Ready' })
  const counted = dialog.getByText(/^\d+ videos match; 3 already in the playlist\./)
  await shown(counted)
  const matching = Number((await counted.textContent())?.match(/^\d+/)?.[0])
  await dialog.getByLabel('At the bottom').check()
  await dialog.getByRole('button', { name: `Add ${matching - 3} videos` }).click()
  await expect.poll(async () => (await storedOrder(app, playlist.id)).length).toBe(matching)
  expect((await storedOrder(app, playlist.id)).slice(0, 3)).toEqual(playlist.videoIds)
})

it('has no serious accessibility violation mid keyboard drag, nor in the public view', async () => {
  const playlist = await newPlaylist(app, 'Lifted', 6)
  await openPlaylist(app, playlist)
  const caption = playlist.captions.get(playlist.videoIds[1] ?? '') ?? ''
  await app.page.getByRole('button', { name: `Reorder ${caption}`, exact: true }).focus()
  await app.page.keyboard.press('Space')
  await shown(app.page.getByText(`Picked up ${caption}, at position 2 of 6.`))
  expect(await seriousAccessibilityViolations(app.page)).toEqual([])
  await app.page.keyboard.press('Escape')
  await shown(app.page.getByText(/Move cancelled/))

  await app.page.getByRole('button', { name: 'Public view' }).click()
  await shown(app.page.getByText(/^6 videos in the public feed · page 1 of 1/))
  expect(await seriousAccessibilityViolations(app.page)).toEqual([])
})
