/**
 * Saved views are capped: each person's own views, and the team's shared ones. Beyond either cap
 * a save, or a change that moves a view into the full group, is refused with the reason, on
 * SQLite and PostgreSQL.
 */
import * as v from 'valibot'
import { beforeEach, describe, expect, it } from 'vitest'
import { savedViewListSchema, savedViewSchema } from '@/api/saved-views.ts'
import { bothDatabases } from '../support/both-databases.ts'
import { type Person, viewsDashboardOn } from './views-dashboard.ts'

const views = '/api/dashboard/views'
const search = { q: 'linen' }
const ownCap = 50
const sharedCap = 100
const ownFull =
  'You have 50 views of your own, the most one person keeps: delete one you no longer use to save another'
const sharedFull =
  'The team shares 100 views, the most it keeps: a view’s owner or an admin deletes one to share another'

describe.each(bothDatabases)('saved view caps on $name', ({ start }) => {
  const running = viewsDashboardOn(start)
  const as = (who: Person, method: string, path: string, body?: unknown) =>
    running().as(who, method, path, body)
  const listOf = async (who: Person) =>
    v.parse(savedViewListSchema, (await as(who, 'GET', views)).json()).views
  const save = async (who: Person, name: string, shared: boolean) => {
    const answer = await as(who, 'POST', views, { name, shared, search })
    expect(answer.status, answer.text).toBe(201)
    return v.parse(savedViewSchema, answer.json())
  }
  const saveMany = async (who: Person, count: number, shared: boolean, prefix: string = who) => {
    for (let n = 1; n <= count; n++) await save(who, `${prefix} ${n}`, shared)
  }
  beforeEach(async () => {
    for (const who of ['ana', 'bo', 'admin'] as const)
      for (const view of await listOf(who))
        if (view.mine) expect((await as(who, 'DELETE', `${views}/${view.id}`)).status).toBe(204)
  })

  it('refuses a person’s own view beyond 50, and no one else’s', async () => {
    await saveMany('ana', ownCap, false)
    const refused = await as('ana', 'POST', views, { name: 'One more', shared: false, search })
    expect(refused.status).toBe(422)
    expect(refused.json()).toEqual({ error: ownFull })
    expect((await listOf('ana')).length).toBe(ownCap)
    // The cap is each person's: Bo saves his own, Ana may still share one.
    await save('bo', 'Bo’s first', false)
    await save('ana', 'For the team', true)
    expect((await running().audit('dashboard.saveView'))[2]).toMatchObject({
      account_email: 'ana@example.com',
      status: 422,
    })
  })

  it('refuses the team’s shared views beyond 100, whoever shares them', async () => {
    await saveMany('ana', 60, true)
    await saveMany('bo', sharedCap - 60, true)
    for (const who of ['admin', 'ana'] as const) {
      const refused = await as(who, 'POST', views, { name: 'Extra', shared: true, search })
      expect(refused.status).toBe(422)
      expect(refused.json()).toEqual({ error: sharedFull })
    }
    expect((await listOf('admin')).length).toBe(sharedCap)
    // One's own views are another group.
    await save('admin', 'Only mine', false)
  })

  it('refuses to share a view into a full team list, or to take one back into a full own list', async () => {
    await saveMany('bo', sharedCap, true)
    const personal = await save('ana', 'Personal', false)
    const share = await as('ana', 'PATCH', `${views}/${personal.id}`, { shared: true })
    expect(share.status).toBe(422)
    expect(share.json()).toEqual({ error: sharedFull })

    await saveMany('ana', ownCap - 1, false, 'ana own')
    const [boShared] = (await listOf('bo')).filter((view) => view.mine)
    if (!boShared) throw new Error('Bo shares no view')
    expect((await as('bo', 'DELETE', `${views}/${boShared.id}`)).status).toBe(204)
    const hers = await save('ana', 'Hers, shared', true)
    // Ana's own list is full: a shared view of hers cannot come back into it.
    const unshare = await as('ana', 'PATCH', `${views}/${hers.id}`, { shared: false })
    expect(unshare.status).toBe(422)
    expect(unshare.json()).toEqual({ error: ownFull })
    const byAdmin = await as('admin', 'PATCH', `${views}/${hers.id}`, { shared: false })
    expect(byAdmin.status).toBe(422)
    expect(byAdmin.json()).toEqual({
      error:
        'Its owner has 50 views of their own, the most one person keeps: they delete one before this one stops being shared',
    })
    // A rename stays in its group and is not refused.
    const renamed = await as('ana', 'PATCH', `${views}/${hers.id}`, { name: 'Renamed' })
    expect(renamed.status).toBe(200)
    expect(renamed.json()).toMatchObject({ name: 'Renamed', shared: true })
  })

  it('lets only one of several saves at once take the last place', async () => {
    await saveMany('ana', ownCap - 1, false)
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, n) =>
        as('ana', 'POST', views, { name: `At once ${n}`, shared: false, search }),
      ),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422, 422, 422, 422])
    expect((await listOf('ana')).length).toBe(ownCap)
  })
})
