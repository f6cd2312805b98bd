import { afterAll, beforeAll, expect, it } from 'vitest'
import type { PlaylistList } from '@/api/generated/types.gen.ts'
import type { Role } from '@/api/roles.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { failedRequest } from './support/page-errors.ts'
import { mountedOrder, newPlaylist, storedOrder, type TestPlaylist } from './support/playlists.ts'
import { type Device, expectControlFor, expectRefusalFor, signedInAs } from './support/roles.ts'
import { api } from './support/service-api.ts'
import { gone, shown } from './support/ui.ts'

let app: RunningApp
let devices: Record<'viewer' | 'editor', Device>
let playlist: TestPlaylist
const name = 'Roles walk'
beforeAll(async () => {
  app = await startApp({ seedVideos: 12 })
  playlist = await newPlaylist(app, name, 4)
  devices = await signedInAs(app, ['viewer', 'editor'])
})
afterAll(() => app?.close())

const caption = (index: number) => playlist.captions.get(playlist.videoIds[index] ?? '') ?? ''

it.each(['viewer', 'editor'] as const)(
  'the playlists list as %s: what the role lacks is disabled with its reason',
  async (role: Role) => {
    const device = devices[role as 'viewer' | 'editor']
    const { page } = device
    await page.goto(`${app.url}/playlists`)
    await expectControlFor(
      role,
      page.getByRole('button', { name: 'New playlist' }),
      'createPlaylist',
    )
    await page.getByRole('button', { name: `Actions for ${name}` }).click()
    await expectControlFor(
      role,
      page.getByRole('menuitem', { name: 'Rename or edit description…' }),
      'updatePlaylist',
    )
    await expectControlFor(role, page.getByRole('menuitem', { name: 'Delete…' }), 'deletePlaylist')
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await expectRefusalFor(role, device, 'POST', '/api/v1/playlists', {
      channel_id: playlist.channelId,
      name: 'Not mine to make',
    })
  },
)

it.each(['viewer', 'editor'] as const)(
  'a playlist as %s: handles, moves, Remove, pins and additions follow the role table',
  async (role: Role) => {
    const device = devices[role as 'viewer' | 'editor']
    const { page } = device
    await page.goto(`${app.url}/playlists/${playlist.id}`)
    const handle = page.getByRole('button', { name: `Reorder ${caption(1)}`, exact: true })
    await expectControlFor(role, handle, 'reorderPlaylistVideos')
    await expectControlFor(
      role,
      page.getByRole('button', { name: `Remove ${caption(1)}`, exact: true }),
      'removePlaylistVideo',
    )
    await expectControlFor(
      role,
      page.getByRole('button', { name: 'Add videos…' }),
      'addPlaylistVideo',
    )
    await expectControlFor(
      role,
      page.getByRole('button', { name: 'Add all matching…' }),
      'addPlaylistVideo',
    )
    await page.getByRole('button', { name: `Move ${caption(1)}`, exact: true }).click()
    await expectControlFor(
      role,
      page.getByRole('menuitem', { name: 'Move to top' }),
      'reorderPlaylistVideos',
    )
    await page.keyboard.press('Escape')

    // Selecting is reading, so everyone may; what the selection bar does follows the table.
    await page.getByRole('checkbox', { name: `Select ${caption(2)}` }).click()
    const bar = page.getByRole('region', { name: 'Selected videos' })
    await expectControlFor(
      role,
      bar.getByRole('button', { name: 'Move to bottom' }),
      'reorderPlaylistVideos',
    )
    await expectControlFor(
      role,
      bar.getByRole('button', { name: 'Remove from playlist' }),
      'removePlaylistVideo',
    )
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    await bar.getByRole('button', { name: 'Clear selection' }).click()

    if (role === 'viewer') {
      // The keys that would lift a row do nothing, and nothing reaches the service.
      await handle.focus()
      await page.keyboard.press('Space')
      await page.keyboard.press('ArrowUp')
      await page.keyboard.press('Space')
      expect(await storedOrder(app, playlist.id)).toEqual(playlist.videoIds)
    }
    await expectRefusalFor(role, device, 'PUT', `/api/v1/playlists/${playlist.id}/videos`, {
      video_ids: [...playlist.videoIds].reverse(),
    })
    await expectRefusalFor(role, device, 'DELETE', `/api/v1/playlists/${playlist.id}`)
  },
)

it.each(['viewer', 'editor'] as const)(
  'an AI feed playlist as %s: pinning follows the role table',
  async (role: Role) => {
    const { page } = devices[role as 'viewer' | 'editor']
    // The demo's AI feed playlist is on its second channel.
    const { channels } = await api<{ channels: Array<{ id: string }> }>(
      app,
      'GET',
      '/api/v1/channels',
    )
    const lists = await Promise.all(
      channels.map((channel) =>
        api<PlaylistList>(app, 'GET', `/api/v1/playlists?channel_id=${channel.id}&page_size=100`),
      ),
    )
    const feed = lists
      .flatMap((list) => list.playlists)
      .find((each) => each.ai_feed && each.video_ids.length > 0)
    expect(feed).toBeDefined()
    await page.goto(`${app.url}/playlists/${feed?.id}`)
    const pin = page.getByRole('button', { name: /^(Pin|Unpin) / }).first()
    await expectControlFor(role, pin, 'pinPlaylistVideo')
  },
)

it('rolls back a change the server refuses with one message, not a confirmation beside it', async () => {
  // The editor's screen still offers reordering when an admin makes them a viewer.
  const { page, expectConsoleError } = devices.editor
  await page.goto(`${app.url}/playlists/${playlist.id}`)
  await shown(page.getByRole('button', { name: `Reorder ${caption(2)}`, exact: true }))
  const { accounts } = await api<{ accounts: Array<{ id: string; email: string }> }>(
    app,
    'GET',
    '/auth/accounts',
  )
  const editor = accounts.find((account) => account.email === 'editor@example.com')
  await api(app, 'PATCH', `/auth/accounts/${editor?.id}`, { role: 'viewer' })

  expectConsoleError(failedRequest(403, `${app.url}/api/v1/playlists/${playlist.id}/videos`))
  await page.getByRole('button', { name: `Move ${caption(2)}`, exact: true }).click()
  await page.getByRole('menuitem', { name: 'Move to top' }).click()
  const notifications = page.getByRole('region', { name: 'Notifications' })
  await shown(
    notifications.getByText(
      'Not saved. Editors can reorder playlists. The playlist shows the order the service holds.',
    ),
  )
  await gone(notifications.getByText(/^Moved /))
  expect(await notifications.locator('p').count()).toBe(1)
  expect(await notifications.getByRole('button', { name: /Undo/ }).count()).toBe(0)
  expect(await storedOrder(app, playlist.id)).toEqual(playlist.videoIds)
  await expect.poll(() => mountedOrder(page)).toEqual(playlist.videoIds)
})
