/**
 * What a saved view may hold: a name unique where it is listed, and a small flat search the
 * server keeps without reading; anything else is refused with the field named.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { bothDatabases } from '../support/both-databases.ts'
import { type Person, viewsDashboardOn } from './views-dashboard.ts'

const views = '/api/dashboard/views'
const search = { q: 'linen' }

describe.each(bothDatabases)('saved view input on $name', ({ start }) => {
  const running = viewsDashboardOn(start)
  const as = (who: Person, method: string, path: string, body?: unknown) =>
    running().as(who, method, path, body)
  const save = (who: Person, body: object) => as(who, 'POST', views, { search, ...body })
  const refusal = async (answer: Promise<{ status: number; json(): { error: string } }>) => {
    const { status, json } = await answer
    return [status, json().error]
  }
  beforeEach(async () => {
    for (const who of ['ana', 'bo', 'admin'] as const)
      for (const view of (await as(who, 'GET', views)).json().views)
        if (view.mine) await as(who, 'DELETE', `${views}/${view.id}`)
  })

  it('keeps each person’s own names apart, and the team’s shared names unique', async () => {
    expect((await save('ana', { name: 'Spring', shared: false })).status).toBe(201)
    expect(await refusal(save('ana', { name: ' Spring ', shared: false }))).toEqual([
      409,
      'You already have a view named “Spring”: choose another name',
    ])
    // Bo's own list, and the team's, are other places.
    expect((await save('bo', { name: 'Spring', shared: false })).status).toBe(201)
    expect((await save('ana', { name: 'Spring', shared: true })).status).toBe(201)
    expect(await refusal(save('bo', { name: 'Spring', shared: true }))).toEqual([
      409,
      'The team already shares a view named “Spring”: choose another name',
    ])
    // Names differing in case are different names.
    expect((await save('bo', { name: 'spring', shared: true })).status).toBe(201)
    const audit = await running().audit('dashboard.saveView')
    expect(audit[1]).toMatchObject({ account_email: 'bo@example.com', status: 409 })
  })

  it('refuses a rename or a share onto a name already taken there', async () => {
    const mine = (await save('bo', { name: 'Autumn', shared: false })).json()
    await save('bo', { name: 'Winter', shared: false })
    await save('ana', { name: 'Autumn', shared: true })
    expect(await refusal(as('bo', 'PATCH', `${views}/${mine.id}`, { name: 'Winter' }))).toEqual([
      409,
      'You already have a view named “Winter”: choose another name',
    ])
    expect(await refusal(as('bo', 'PATCH', `${views}/${mine.id}`, { shared: true }))).toEqual([
      409,
      'The team already shares a view named “Autumn”: choose another name',
    ])
    const shared = (await save('ana', { name: 'Winter', shared: true })).json()
    // An admin who stops sharing Ana's view puts it among Ana's own, where the name is free.
    const unshared = await as('admin', 'PATCH', `${views}/${shared.id}`, { shared: false })
    expect(unshared.json()).toMatchObject({ name: 'Winter', shared: false, mine: false })
    expect((await as('admin', 'DELETE', `${views}/${shared.id}`)).status).toBe(404)
  })

  it('saves one of several views of one name saved at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        save(i % 2 ? 'ana' : 'bo', { name: 'Rush', shared: true }),
      ),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409])
  })

  it('names the field that is wrong', async () => {
    const cases: Array<[object, string]> = [
      [{ name: '', shared: false }, 'Invalid name: give 1 to 60 characters'],
      [{ name: '   ', shared: false }, 'Invalid name: give 1 to 60 characters'],
      [{ name: 'x'.repeat(61), shared: false }, 'Invalid name: give 1 to 60 characters'],
      [{ name: 7, shared: false }, 'Invalid name: give 1 to 60 characters'],
      [{ name: 'x' }, 'Invalid shared: give true or false'],
      [{ name: 'x', shared: 'yes' }, 'Invalid shared: give true or false'],
      [
        { name: 'x', shared: false, search: { q: 'a', filter: { status: 'live' } } },
        'Invalid search.filter: give a string, a number, true or false, or a list of strings',
      ],
      [
        { name: 'x', shared: false, search: { product_id: ['p-1', 2] } },
        'Invalid search.product_id: give a string, a number, true or false, or a list of strings',
      ],
      [
        { name: 'x', shared: false, search: { q: null } },
        'Invalid search.q: give a string, a number, true or false, or a list of strings',
      ],
      [
        { name: 'x', shared: false, search: ['q'] },
        'Invalid search: give an object of search params',
      ],
      [
        { name: 'x', shared: false, search: { q: 'x'.repeat(8200) } },
        'Invalid search: at most 8192 bytes as JSON',
      ],
    ]
    for (const [body, error] of cases)
      expect(await refusal(as('ana', 'POST', views, body)), JSON.stringify(body)).toEqual([
        400,
        error,
      ])
    expect(await refusal(as('ana', 'POST', views, 'not a view'))).toEqual([
      400,
      'Send the view as a JSON object of at most 16 KiB',
    ])
    const view = (await save('ana', { name: 'Kept', shared: false })).json()
    expect(await refusal(as('ana', 'PATCH', `${views}/${view.id}`, {}))).toEqual([
      400,
      'Invalid view: give a name, shared or search to change',
    ])
    expect(
      await refusal(as('ana', 'PATCH', `${views}/${view.id}`, { search: { a: { b: 1 } } })),
    ).toEqual([
      400,
      'Invalid search.a: give a string, a number, true or false, or a list of strings',
    ])
    expect((await as('ana', 'GET', views)).json().views).toMatchObject([{ name: 'Kept', search }])
  })

  it('keeps the search exactly as it was sent', async () => {
    const kept = { q: 'été 🌞', page: 2, archived: false, tags: [], 'odd key': 'x' }
    const view = (await save('ana', { name: 'Exact', shared: false, search: kept })).json()
    expect(view.search).toEqual(kept)
    expect((await as('ana', 'GET', views)).json().views[0].search).toEqual(kept)
    // The library's longest search fits.
    const ids = (kind: string) =>
      Array.from({ length: 20 }, (_, i) => `${kind}${i}`.padEnd(100, '-'))
    const longest = {
      q: 'q'.repeat(200),
      hashtag: 'h'.repeat(100),
      product: ids('p'),
      variant: ids('v'),
    }
    expect((await save('ana', { name: 'Longest', shared: false, search: longest })).status).toBe(
      201,
    )
  })

  it('answers 404 for ids that cannot be a view', async () => {
    for (const id of ['nope', 'a%2Fb', 'x'.repeat(65)])
      expect((await as('ana', 'DELETE', `${views}/${id}`)).status).toBe(404)
  })
})
