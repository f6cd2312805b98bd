/**
 * Product and variant tagging: document 1 section 4.4 rules 1 to 9 and 4.5; the product-scoped
 * video list (document 2 section 2.6, "Product video list items add hidden").
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Product, ProductUnit, Video } from '@/api/generated/types.gen.ts'
import { createVideo, walkPages } from './fixtures.ts'
import { expectStatus, setUpHarness, uniq } from './harness.ts'

const h = setUpHarness()
let channelId: string
let storeA: string
let storeB: string
let p1: Product
let unit: ProductUnit
let p2: Product
let p3: Product
let q1: Product

const fullUnit = (u: ProductUnit) => Boolean(u.sku && u.gtin && u.mpn && u.barcode && u.external_id)

beforeAll(async () => {
  const world = await h.world()
  channelId = world.main.channels[0]?.id ?? ''
  const catalogs = await Promise.all(
    world.main.stores.map(async (store) => ({
      store: store.id,
      products: await h.products(store.id),
    })),
  )
  const isRich = (p: Product) =>
    Boolean(p.external_id && p.units.length >= 2 && p.units.some(fullUnit))
  const a = catalogs.find((c) => c.products.length >= 3 && c.products.some(isRich))
  if (!a)
    throw new Error('a store needs three products, one with variants carrying every identifier')
  const b = catalogs.find((c) => c.store !== a.store && c.products.length > 0)
  if (!b) throw new Error('a second store with products is needed')
  storeA = a.store
  storeB = b.store
  p1 = a.products.find(isRich) as Product
  unit = p1.units.find(fullUnit) as ProductUnit
  const others = a.products.filter((p) => p.id !== p1.id)
  p2 = others[0] as Product
  p3 = others[1] as Product
  q1 = b.products[0] as Product
})

const fresh = (input: Record<string, unknown> = {}) =>
  createVideo(h, { channel_id: channelId, caption: uniq('tag'), ...input })

async function patch(id: string, json: Record<string, unknown>): Promise<Video> {
  const res = await h.api<Video>('PATCH', `/api/v1/videos/${id}`, { json })
  expectStatus(res, 200)
  return res.json
}

/** The `hidden` flag of a video's listing on a product, or undefined when not listed. */
async function hiddenOn(productId: string, videoId: string): Promise<boolean | undefined> {
  const pages = await walkPages(h, `/api/v1/products/${productId}/videos`, { page_size: 100 })
  const item = pages.flatMap((p) => p.videos).find((v: { id: string }) => v.id === videoId)
  return item?.hidden
}

describe('product_ids identifiers (rule 1)', () => {
  const kinds: Array<[string, () => string]> = [
    ['encoded product ID', () => p1.id],
    ['external product ID', () => p1.external_id ?? ''],
    ['external unit ID', () => unit.external_id ?? ''],
    ['unit GTIN', () => unit.gtin ?? ''],
    ['unit SKU', () => unit.sku ?? ''],
    ['unit MPN', () => unit.mpn ?? ''],
    ['unit barcode', () => unit.barcode ?? ''],
  ]
  for (const [kind, ref] of kinds) {
    it(`tags the parent product by ${kind}`, async () => {
      const video = await fresh({ business_store_id: storeA, product_ids: [ref()] })
      expect(video.product_ids).toEqual([p1.id])
      expect(video.variant_ids).toEqual([])
    })
  }

  it('skips unresolvable identifiers silently and keeps array order', async () => {
    const video = await fresh({
      business_store_id: storeA,
      product_ids: [p3.id, 'no-such-identifier', p1.external_id, p2.id],
    })
    expect(video.product_ids).toEqual([p3.id, p1.id, p2.id])
  })

  it('deduplicates across identifier kinds', async () => {
    const video = await fresh({
      business_store_id: storeA,
      product_ids: [p1.id, unit.sku, p1.external_id, unit.gtin, p2.id, unit.barcode],
    })
    expect(video.product_ids).toEqual([p1.id, p2.id])
  })
})

describe('variant_ids identifiers (rule 2)', () => {
  const kinds: Array<[string, () => string]> = [
    ['encoded unit ID', () => unit.id],
    ['external unit ID', () => unit.external_id ?? ''],
    ['GTIN', () => unit.gtin ?? ''],
    ['SKU', () => unit.sku ?? ''],
    ['MPN', () => unit.mpn ?? ''],
  ]
  for (const [kind, ref] of kinds) {
    it(`tags the unit by ${kind}`, async () => {
      const video = await fresh({ business_store_id: storeA, variant_ids: [ref()] })
      expect(video.variant_ids).toEqual([unit.id])
    })
  }

  it('deduplicates units reached through different identifiers and keeps order', async () => {
    const other = p1.units.find((u) => u.id !== unit.id) as ProductUnit
    const video = await fresh({
      business_store_id: storeA,
      variant_ids: [other.id, unit.sku, 'nope', unit.id, unit.gtin],
    })
    expect(video.variant_ids).toEqual([other.id, unit.id])
  })
})

describe('replace semantics (rules 3 to 5)', () => {
  it('product_ids replaces products and variants; [] clears', async () => {
    const video = await fresh({
      business_store_id: storeA,
      product_ids: [p1.id, p2.id],
      variant_ids: [unit.id],
    })
    expect(video.product_ids.slice(0, 2)).toEqual([p1.id, p2.id])
    expect(video.variant_ids).toEqual([unit.id])
    const replaced = await patch(video.id, {
      business_store_id: storeA,
      product_ids: [p3.id, p2.id],
    })
    expect(replaced.product_ids).toEqual([p3.id, p2.id])
    expect(replaced.variant_ids).toEqual([])
    const untouched = await patch(video.id, { caption: 'no tag change' })
    expect(untouched.product_ids).toEqual([p3.id, p2.id])
    const cleared = await patch(video.id, { product_ids: [] })
    expect(cleared.product_ids).toEqual([])
    expect(cleared.variant_ids).toEqual([])
  })

  it('variant_ids alone replaces; variant_ids [] clears', async () => {
    const other = p1.units.find((u) => u.id !== unit.id) as ProductUnit
    const video = await fresh({ business_store_id: storeA, variant_ids: [unit.id] })
    const replaced = await patch(video.id, { business_store_id: storeA, variant_ids: [other.id] })
    expect(replaced.variant_ids).toEqual([other.id])
    const cleared = await patch(video.id, { variant_ids: [] })
    expect(cleared.variant_ids).toEqual([])
    expect(cleared.product_ids).toEqual([])
  })
})

describe('business_store_id (rule 8)', () => {
  it('resolves identifiers in the chosen store only', async () => {
    const inB = await fresh({ business_store_id: storeB, product_ids: [q1.id, p1.id] })
    expect(inB.product_ids).toEqual([q1.id])
    const inA = await fresh({ business_store_id: storeA, product_ids: [q1.id, p1.id] })
    expect(inA.product_ids).toEqual([p1.id])
  })

  it('uses one store (the first) when absent', async () => {
    const video = await fresh({ product_ids: [q1.id, p1.id] })
    expect([[q1.id], [p1.id]]).toContainEqual(video.product_ids)
  })
})

describe('video_hidden (rule 9) through GET /api/v1/products/{id}/videos', () => {
  it('marks created listings; bulk-updates without lists; keeps state on replace', async () => {
    const video = await fresh({
      business_store_id: storeA,
      product_ids: [p1.id],
      video_hidden: true,
    })
    expect(await hiddenOn(p1.id, video.id)).toBe(true)

    await patch(video.id, { video_hidden: false })
    expect(await hiddenOn(p1.id, video.id)).toBe(false)

    await patch(video.id, { video_hidden: true })
    await patch(video.id, { business_store_id: storeA, product_ids: [p1.id, p2.id] })
    expect(await hiddenOn(p1.id, video.id)).toBe(true)
    expect(await hiddenOn(p2.id, video.id)).toBe(false)

    await patch(video.id, {
      business_store_id: storeA,
      product_ids: [p2.id, p3.id],
      video_hidden: true,
    })
    expect(await hiddenOn(p1.id, video.id)).toBeUndefined()
    expect(await hiddenOn(p2.id, video.id)).toBe(true)
    expect(await hiddenOn(p3.id, video.id)).toBe(true)

    await patch(video.id, { video_hidden: false })
    expect(await hiddenOn(p2.id, video.id)).toBe(false)
    expect(await hiddenOn(p3.id, video.id)).toBe(false)
  })

  it('defaults new listings to visible', async () => {
    const video = await fresh({ business_store_id: storeA, product_ids: [p3.id] })
    expect(await hiddenOn(p3.id, video.id)).toBe(false)
  })

  it('filters the product video list by hidden', async () => {
    const shown = await fresh({ business_store_id: storeA, product_ids: [p2.id] })
    const hidden = await fresh({
      business_store_id: storeA,
      product_ids: [p2.id],
      video_hidden: true,
    })
    const onlyHidden = await walkPages(h, `/api/v1/products/${p2.id}/videos`, { hidden: true })
    const hiddenIds = onlyHidden.flatMap((p) => p.videos.map((v: { id: string }) => v.id))
    expect(hiddenIds).toContain(hidden.id)
    expect(hiddenIds).not.toContain(shown.id)
    for (const page of onlyHidden) for (const v of page.videos) expect(v.hidden).toBe(true)
  })

  it('lists only live videos: unpublished and archived ones drop out', async () => {
    const video = await fresh({ business_store_id: storeA, product_ids: [p3.id] })
    expect(await hiddenOn(p3.id, video.id)).toBe(false)
    expectStatus(await h.api('POST', `/api/v1/videos/${video.id}/unpublish`), 200)
    expect(await hiddenOn(p3.id, video.id)).toBeUndefined()
    const archived = await fresh({ business_store_id: storeA, product_ids: [p3.id] })
    expectStatus(await h.api('POST', `/api/v1/videos/${archived.id}/archive`), 200)
    expect(await hiddenOn(p3.id, archived.id)).toBeUndefined()
  })
})

describe('GET /api/v1/products q by encoded id (assumed)', () => {
  it('finds the product of an encoded product or variant id, as a variant tag names only the variant', async () => {
    for (const q of [p1.id, unit.id]) {
      const res = await h.api<{ products: Product[] }>('GET', '/api/v1/products', {
        query: { business_store_id: storeA, q },
      })
      expectStatus(res, 200)
      expect(res.json.products.map((product) => product.id)).toEqual([p1.id])
    }
  })
})
