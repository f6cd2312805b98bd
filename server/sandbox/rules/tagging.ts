import type { Db } from '../db/open.ts'

interface Listing {
  productId: number
  unitId: number | null
}

// Rule 1: a product reference may be any product or unit identifier; units tag only their parent.
const productLookups = [
  'SELECT id FROM products WHERE store_id = ? AND public_id = ?',
  'SELECT id FROM products WHERE store_id = ? AND external_id = ?',
  ...['external_id', 'gtin', 'sku', 'mpn', 'barcode'].map(
    (column) =>
      `SELECT u.product_id AS id FROM product_units u JOIN products p ON p.id = u.product_id
       WHERE p.store_id = ? AND u.${column} = ? ORDER BY u.id LIMIT 1`,
  ),
]

// Rule 2: a variant reference is a unit ID, external unit ID, GTIN, SKU or MPN (not barcode).
const variantLookups = ['public_id', 'external_id', 'gtin', 'sku', 'mpn'].map(
  (column) =>
    `SELECT u.id, u.product_id FROM product_units u JOIN products p ON p.id = u.product_id
     WHERE p.store_id = ? AND u.${column} = ? ORDER BY u.id LIMIT 1`,
)

// Rules 6 and 7: unresolvable references are skipped, duplicates (even through different kinds of
// identifier) dropped, and the first occurrence keeps its place.
export function resolveProducts(db: Db, storeId: number, refs: string[]): Listing[] {
  const seen = new Set<number>()
  const listings: Listing[] = []
  for (const ref of refs) {
    for (const sql of productLookups) {
      const row = db.prepare(sql).get(storeId, ref) as { id: number } | undefined
      if (row) {
        if (!seen.has(row.id)) listings.push({ productId: row.id, unitId: null })
        seen.add(row.id)
        break
      }
    }
  }
  return listings
}

export function resolveVariants(db: Db, storeId: number, refs: string[]): Listing[] {
  const seen = new Set<number>()
  const listings: Listing[] = []
  for (const ref of refs) {
    for (const sql of variantLookups) {
      const row = db.prepare(sql).get(storeId, ref) as
        | { id: number; product_id: number }
        | undefined
      if (row) {
        if (!seen.has(row.id)) listings.push({ productId: row.product_id, unitId: row.id })
        seen.add(row.id)
        break
      }
    }
  }
  return listings
}

// Rules 3, 5 and 9: the given set replaces the video's listings. Kept listings keep their hidden
// flag unless video_hidden is given; new ones take video_hidden or default to visible.
export function replaceListings(
  db: Db,
  videoId: number,
  listings: Listing[],
  hidden: boolean | undefined,
  now: number,
) {
  const existing = db
    .prepare(
      'SELECT product_id, unit_id, hidden, created_at FROM video_products WHERE video_id = ?',
    )
    .all(videoId) as Array<{
    product_id: number
    unit_id: number | null
    hidden: number
    created_at: number
  }>
  const previous = new Map(existing.map((row) => [`${row.product_id}:${row.unit_id}`, row]))
  db.prepare('DELETE FROM video_products WHERE video_id = ?').run(videoId)
  const insert = db.prepare(
    'INSERT INTO video_products (video_id, product_id, unit_id, position, hidden, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  )
  listings.forEach((listing, position) => {
    const kept = previous.get(`${listing.productId}:${listing.unitId}`)
    const flag = hidden ?? (kept ? kept.hidden === 1 : false)
    insert.run(
      videoId,
      listing.productId,
      listing.unitId,
      position,
      flag ? 1 : 0,
      kept?.created_at ?? now,
    )
  })
}

export function setAllListingsHidden(db: Db, videoId: number, hidden: boolean) {
  db.prepare('UPDATE video_products SET hidden = ? WHERE video_id = ?').run(hidden ? 1 : 0, videoId)
}

export interface TaggingInput {
  product_ids?: string[]
  variant_ids?: string[]
  video_hidden?: boolean
}

export function applyTagging(
  db: Db,
  videoId: number,
  storeId: number | null,
  input: TaggingInput,
  now: number,
) {
  const hasLists = input.product_ids !== undefined || input.variant_ids !== undefined
  if (!hasLists) {
    if (input.video_hidden !== undefined) setAllListingsHidden(db, videoId, input.video_hidden)
    return
  }
  const products = storeId === null ? [] : resolveProducts(db, storeId, input.product_ids ?? [])
  const variants = storeId === null ? [] : resolveVariants(db, storeId, input.variant_ids ?? [])
  replaceListings(db, videoId, [...products, ...variants], input.video_hidden, now)
}
