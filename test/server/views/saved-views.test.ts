/**
 * Saved views over HTTP: who sees which, who may change and delete them, and the audit log's
 * record of every write, on SQLite and PostgreSQL.
 */
import * as v from 'valibot'
import { beforeEach, describe, expect, it } from 'vitest'
import { savedViewListSchema, savedViewSchema } from '@/api/saved-views.ts'
import { send } from '../dashboard/http-client.ts'
import { bothDatabases } from '../support/both-databases.ts'
import { type Person, viewsDashboardOn } from './views-dashboard.ts'

const views = '/api/dashboard/views'
const search = { q: 'linen', status: 'approved', published: true, product_id: ['p-1', 'p-2'] }

describe.each(bothDatabases)('saved views on $name', ({ start }) => {
  const running = viewsDashboardOn(start)
  const as = (who: Person, method: string, path: string, body?: unknown) =>
    running().as(who, method, path, body)
  const listOf = async (who: Person) => {
    const answer = await as(who, 'GET', views)
    expect(answer.status).toBe(200)
    return v.parse(savedViewListSchema, answer.json()).views
  }
  const save = async (who: Person, name: string, shared: boolean) => {
    const answer = await as(who, 'POST', views, { name, shared, search })
    expect(answer.status, answer.text).toBe(201)
    return v.parse(savedViewSchema, answer.json())
  }
  beforeEach(async () => {
    for (const who of ['ana', 'bo', 'admin'] as const)
      for (const view of await listOf(who))
        if (view.mine) expect((await as(who, 'DELETE', `${views}/${view.id}`)).status).toBe(204)
  })

  it('keeps a personal view for its owner and a shared one for everyone', async () => {
    const personal = await save('ana', '  Linen, approved  ', false)
    expect(personal).toEqual({
      id: expect.stringMatching(/^[\w-]{16}$/),
      name: 'Linen, approved',
      shared: false,
      search,
      owner: 'ana@example.com',
      mine: true,
      created_at: expect.any(String),
      updated_at: personal.created_at,
    })
    const shared = await save('ana', 'Team picks', true)
    expect((await listOf('ana')).map((view) => [view.name, view.shared, view.mine])).toEqual([
      ['Team picks', true, true],
      ['Linen, approved', false, true],
    ])
    for (const who of ['bo', 'vic', 'admin'] as const)
      expect(await listOf(who)).toEqual([{ ...shared, mine: false }])
  })

  it('lists the shared views first, then one’s own, each by name', async () => {
    await save('bo', 'zebra', false)
    await save('ana', 'Video 10', true)
    await save('bo', 'Apple', false)
    await save('admin', 'Video 9', true)
    expect((await listOf('bo')).map((view) => view.name)).toEqual([
      'Video 9',
      'Video 10',
      'Apple',
      'zebra',
    ])
  })

  it('lets a viewer open views but not save them', async () => {
    await save('ana', 'For everyone', true)
    expect((await listOf('vic')).map((view) => view.name)).toEqual(['For everyone'])
    const refused = await as('vic', 'POST', views, { name: 'Mine', shared: false, search })
    expect(refused.status).toBe(403)
    expect(refused.json()).toEqual({ error: 'Editors can do this' })
    expect((await running().audit('dashboard.saveView'))[0]).toMatchObject({
      account_email: 'vic@example.com',
      status: 403,
    })
  })

  it('refuses requests from elsewhere and from nobody', async () => {
    const body = JSON.stringify({ name: 'x', shared: false, search })
    const crossSite = await send(running().url, views, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body,
    })
    expect(crossSite.status).toBe(403)
    expect((await send(running().url, views)).status).toBe(401)
  })

  it('lets the owner rename, re-save, share and delete a view', async () => {
    const view = await save('ana', 'Draft', false)
    const renamed = await as('ana', 'PATCH', `${views}/${view.id}`, { name: 'Spring' })
    expect(renamed.status).toBe(200)
    expect(renamed.json()).toMatchObject({ id: view.id, name: 'Spring', search, shared: false })
    const changed = await as('ana', 'PATCH', `${views}/${view.id}`, {
      search: { view: 'table' },
      shared: true,
    })
    expect(changed.json()).toMatchObject({
      name: 'Spring',
      search: { view: 'table' },
      shared: true,
    })
    expect(changed.json().updated_at >= view.updated_at).toBe(true)
    expect((await listOf('bo')).map((each) => each.name)).toEqual(['Spring'])
    expect((await as('ana', 'DELETE', `${views}/${view.id}`)).status).toBe(204)
    expect(await listOf('ana')).toEqual([])
    const gone = await as('ana', 'DELETE', `${views}/${view.id}`)
    expect(gone.status).toBe(404)
    expect(gone.json().error).toMatch(/No such view/)
  })

  it('keeps other editors off someone else’s views', async () => {
    const shared = await save('ana', 'Shared by Ana', true)
    const personal = await save('ana', 'Ana’s own', false)
    const notHers = await as('bo', 'DELETE', `${views}/${shared.id}`)
    expect(notHers.status).toBe(403)
    expect(notHers.json().error).toBe(
      'Only the owner of this view can delete it; admins can delete shared views',
    )
    expect((await as('bo', 'PATCH', `${views}/${shared.id}`, { name: 'Mine' })).status).toBe(403)
    // Someone else's own view is not there at all, for an admin too.
    for (const who of ['bo', 'admin'] as const) {
      expect((await as(who, 'DELETE', `${views}/${personal.id}`)).status).toBe(404)
      expect((await as(who, 'PATCH', `${views}/${personal.id}`, { name: 'x' })).status).toBe(404)
    }
    expect((await listOf('ana')).map((view) => view.name)).toEqual(['Shared by Ana', 'Ana’s own'])
  })

  it('lets an admin change and delete the team’s shared views', async () => {
    const shared = await save('ana', 'Needs a better name', true)
    const renamed = await as('admin', 'PATCH', `${views}/${shared.id}`, { name: 'Best sellers' })
    expect(renamed.json()).toMatchObject({ name: 'Best sellers', owner: 'ana@example.com' })
    expect(renamed.json().mine).toBe(false)
    expect((await as('admin', 'DELETE', `${views}/${shared.id}`)).status).toBe(204)
    expect(await listOf('ana')).toEqual([])
  })

  it('records every write in the audit log, refusals included', async () => {
    const view = await save('bo', 'Audited', true)
    await as('bo', 'PATCH', `${views}/${view.id}`, { name: 'Audited again' })
    await as('ana', 'DELETE', `${views}/${view.id}`)
    await as('bo', 'DELETE', `${views}/${view.id}`)
    const path = `${views}/${view.id}`
    expect((await running().audit('dashboard.saveView'))[0]).toMatchObject({
      account_email: 'bo@example.com',
      path: views,
      status: 201,
    })
    expect((await running().audit('dashboard.changeView'))[0]).toMatchObject({
      account_email: 'bo@example.com',
      path,
      status: 200,
    })
    expect((await running().audit('dashboard.deleteView')).slice(0, 2)).toMatchObject([
      { account_email: 'bo@example.com', path, status: 204 },
      { account_email: 'ana@example.com', path, status: 403 },
    ])
  })
})
