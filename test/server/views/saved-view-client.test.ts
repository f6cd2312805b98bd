/**
 * The app's data layer for saved views against a real dashboard: the list query and the
 * mutations parse the server's answers, and a refusal reaches the app as an Error in its words.
 */
import { QueryClient } from '@tanstack/react-query'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { setApiFetch } from '@/api/api-fetch.ts'
import { savedViewKeys, savedViewsQuery } from '@/api/queries/saved-views.ts'
import { changeView, deleteView, saveView } from '@/api/saved-view-writes.ts'
import { bothDatabases } from '../support/both-databases.ts'
import { startViewsDashboard, type ViewsDashboard } from './views-dashboard.ts'

const sqlite = bothDatabases[0] as (typeof bothDatabases)[number]
let database: Awaited<ReturnType<typeof sqlite.start>>
let dashboard: ViewsDashboard
beforeAll(async () => {
  database = await sqlite.start()
  dashboard = await startViewsDashboard(database.location)
  // The browser's fetch on the dashboard's origin, as Ana: her cookie and the page's origin.
  const cookie = dashboard.sessionOf('ana').cookie ?? ''
  setApiFetch((input, init) =>
    fetch(`${dashboard.url}${input}`, {
      ...init,
      headers: { ...(init?.headers as Record<string, string>), cookie, origin: dashboard.url },
    }),
  )
})
afterAll(async () => {
  await dashboard?.close()
  await database?.stop()
})

it('saves, lists, changes and deletes views through the app’s functions', async () => {
  const queryClient = new QueryClient()
  const saved = await saveView({ name: ' Linen ', shared: false, search: { q: 'linen' } })
  expect(saved).toMatchObject({ name: 'Linen', shared: false, mine: true, search: { q: 'linen' } })
  expect(savedViewsQuery().queryKey).toEqual(['saved-views', 'list'])
  expect(savedViewKeys.list().slice(0, 1)).toEqual(savedViewKeys.all)
  expect(await queryClient.fetchQuery(savedViewsQuery())).toEqual([saved])

  const shared = await changeView(saved.id, { shared: true, search: { view: 'table' } })
  expect(shared).toMatchObject({ id: saved.id, shared: true, search: { view: 'table' } })

  const refused = saveView({ name: 'Linen', shared: true, search: {} })
  await expect(refused).rejects.toBeInstanceOf(Error)
  await expect(refused).rejects.toMatchObject({
    message: 'The team already shares a view named “Linen”: choose another name',
    status: 409,
  })
  await expect(deleteView(saved.id)).resolves.toBeUndefined()
  await expect(changeView(saved.id, { name: 'Gone' })).rejects.toThrow(/No such view/)
})
