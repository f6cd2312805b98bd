/** Business stores: document 2 sections 2.1, 3 (soft delete), 4.1, 5 and 7. */
import { beforeAll, describe, expect, it } from 'vitest'
import type { BusinessStore, BusinessStoreListItem } from '@/api/generated/types.gen.ts'
import { walkPages } from './fixtures.ts'
import { expectError, expectStatus, setUpHarness, uniq, type World } from './harness.ts'

const h = setUpHarness()
let world: World

beforeAll(async () => {
  world = await h.world()
})

async function createStore(json: Record<string, unknown>, token?: string) {
  const res = await h.api<BusinessStore>('POST', '/api/v1/business_stores', { json, token })
  if (res.status === 201) h.cleanup(`/api/v1/business_stores/${res.json.id}`)
  return res
}

async function newStore(extra: Record<string, unknown> = {}): Promise<BusinessStore> {
  const res = await createStore({ name: uniq('store'), currency: 'EUR', ...extra })
  expectStatus(res, 201)
  return res.json
}

async function allStores(): Promise<BusinessStoreListItem[]> {
  const pages = await walkPages(h, '/api/v1/business_stores', { page_size: 100 })
  return pages.flatMap((p) => p.stores)
}

describe('create', () => {
  it('creates a local store (201 detail) under the token business', async () => {
    const uid = uniq('uid')
    const res = await createStore({
      name: 'Berlin',
      currency: 'EUR',
      uid,
      url: 'https://shop.example.com',
    })
    expectStatus(res, 201)
    expect(res.json).toMatchObject({
      name: 'Berlin',
      currency: 'EUR',
      uid,
      url: 'https://shop.example.com',
      provider: 'local',
      store_type: 'store',
      business_id: world.main.businessId,
    })
    expect(typeof res.json.id).toBe('string')
    const got = await h.api('GET', `/api/v1/business_stores/${res.json.id}`)
    expectStatus(got, 200)
    expect(got.json).toEqual(res.json)
  })

  it('accepts provider local explicitly; 422 for any other provider', async () => {
    expectStatus(await createStore({ name: uniq(), currency: 'USD', provider: 'local' }), 201)
    expectError(await createStore({ name: uniq(), currency: 'USD', provider: 'generic_oms' }), 422)
    expectError(await createStore({ name: uniq(), currency: 'USD', provider: 'shopify' }), 422)
  })

  it('gives 422 for a uid already used in the business', async () => {
    const uid = uniq('dup')
    await newStore({ uid })
    expectError(await createStore({ name: uniq(), currency: 'EUR', uid }), 422)
  })

  it('gives 400 for missing name or currency', async () => {
    expectError(await createStore({ currency: 'EUR' }), 400)
    expectError(await createStore({ name: uniq() }), 400)
  })

  it('refuses an invalid currency', async () => {
    expectError(await createStore({ name: uniq(), currency: 'EURO' }), [400, 422])
  })
})

describe('list', () => {
  it('uses the stores key, newest first, and lists new stores at the top', async () => {
    const a = await newStore()
    const b = await newStore()
    const c = await newStore()
    const res = await h.api('GET', '/api/v1/business_stores', { query: { page_size: 3 } })
    expectStatus(res, 200)
    expect(res.json).toHaveProperty('stores')
    expect(res.json).not.toHaveProperty('business_stores')
    expect(res.json.stores.map((s: BusinessStoreListItem) => s.id)).toEqual([c.id, b.id, a.id])
    for (const s of res.json.stores) {
      for (const key of ['id', 'name', 'url', 'currency', 'provider', 'store_type']) {
        expect(s).toHaveProperty(key)
      }
    }
  })

  it('paginates through links.next (before cursor) with no duplicates and a null last page', async () => {
    for (let i = 0; i < 3; i++) await newStore()
    const pages = await walkPages(h, '/api/v1/business_stores', { page_size: 2 })
    expect(pages.length).toBeGreaterThan(2)
    const ids = pages.flatMap((p) => p.stores.map((s: BusinessStoreListItem) => s.id))
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toEqual((await allStores()).map((s) => s.id))
    for (const page of pages.slice(0, -1)) {
      expect(page.pagination.has_more).toBe(true)
      expect(new URL(h.resolve(page.links.next)).searchParams.has('before')).toBe(true)
    }
    const last = pages.at(-1)
    expect(last.links.next).toBeNull()
    expect(last.pagination.cursor).toBeNull()
    expect(last.pagination.has_more).toBe(false)
  })

  it('clamps page_size 1000 to 100 and refuses invalid pagination', async () => {
    expectStatus(await h.api('GET', '/api/v1/business_stores', { query: { page_size: 1000 } }), 200)
    expectError(await h.api('GET', '/api/v1/business_stores', { query: { page_size: 0 } }), 400)
    expectError(await h.api('GET', '/api/v1/business_stores', { query: { before: '%%%' } }), 400)
  })

  it('accepts the own business_id and refuses another business (403)', async () => {
    const own = await h.api('GET', '/api/v1/business_stores', {
      query: { business_id: world.main.businessId },
    })
    expectStatus(own, 200)
    const other = await h.api('GET', '/api/v1/business_stores', {
      query: { business_id: world.solo.businessId },
    })
    expectError(other, 403)
  })
})

describe('update', () => {
  it('changes only name, currency and url', async () => {
    const store = await newStore({ uid: uniq('u') })
    const res = await h.api<BusinessStore>('PATCH', `/api/v1/business_stores/${store.id}`, {
      json: { name: 'Renamed', currency: 'GBP', url: 'https://uk.example.com' },
    })
    expectStatus(res, 200)
    expect(res.json).toEqual({
      ...store,
      name: 'Renamed',
      currency: 'GBP',
      url: 'https://uk.example.com',
    })
    const partial = await h.api<BusinessStore>('PATCH', `/api/v1/business_stores/${store.id}`, {
      json: { name: 'Only name' },
    })
    expect(partial.json).toEqual({ ...res.json, name: 'Only name' })
  })

  it('gives 422 for immutable fields and an invalid currency, changing nothing', async () => {
    const store = await newStore({ uid: uniq('u') })
    for (const json of [
      { provider: 'generic_oms' },
      { uid: 'other' },
      { business_id: world.solo.businessId },
      { store_type: 'creator-store' },
      { currency: 'EURO' },
    ]) {
      const res = await h.api('PATCH', `/api/v1/business_stores/${store.id}`, { json })
      expectError(res, 422)
    }
    const got = await h.api('GET', `/api/v1/business_stores/${store.id}`)
    expect(got.json).toEqual(store)
  })

  it('gives 400 for a malformed body', async () => {
    const store = await newStore()
    const res = await h.api('PATCH', `/api/v1/business_stores/${store.id}`, {
      body: '{"name":',
      headers: { 'content-type': 'application/json' },
    })
    expectError(res, 400)
  })
})

describe('delete', () => {
  it('soft-deletes: 204, then 404 on get/update/delete and absent from the list', async () => {
    const store = await newStore()
    const res = await h.api('DELETE', `/api/v1/business_stores/${store.id}`)
    expectStatus(res, 204)
    expect(res.text).toBe('')
    expectError(await h.api('GET', `/api/v1/business_stores/${store.id}`), 404)
    expectError(
      await h.api('PATCH', `/api/v1/business_stores/${store.id}`, { json: { name: 'x' } }),
      404,
    )
    expectError(await h.api('DELETE', `/api/v1/business_stores/${store.id}`), 404)
    expect((await allStores()).map((s) => s.id)).not.toContain(store.id)
  })

  it('gives 400 for a malformed ID', async () => {
    expectError(await h.api('GET', `/api/v1/business_stores/${'z'.repeat(65)}`), 400)
  })
})
