import type { ProductUnitInput, ProductUpsert } from '../../../src/api/generated/types.gen.ts'
import type { Db } from '../db/open.ts'
import { unprocessable } from '../http/api-error.ts'
import type { IdSource } from '../ids.ts'

const simpleFields = [
  'sku',
  'gtin',
  'mpn',
  'barcode',
  'price',
  'original_price',
  'quantity',
  'url',
] as const

// Second document, 2.6: products match by external_id within the store; units merge by their
// external_id (matches updated in place, new ones added, omitted ones untouched).
export function upsertProduct(
  db: Db,
  ids: IdSource,
  storeId: number,
  currency: string,
  input: ProductUpsert,
) {
  const now = Date.now()
  const existing = input.external_id
    ? (db
        .prepare('SELECT id FROM products WHERE store_id = ? AND external_id = ?')
        .get(storeId, input.external_id) as { id: number } | undefined)
    : undefined
  const simple = simpleFields.filter((field) => input[field] !== undefined)
  if (simple.length > 0 && input.product_units !== undefined) {
    throw unprocessable(`${simple.join(', ')} cannot be combined with product_units`)
  }
  if (existing && input.product_units?.some((unit) => !unit.external_id)) {
    throw unprocessable('Every unit sent for an existing product must carry an external_id')
  }
  let productId: number
  if (existing) {
    productId = existing.id
    const unitCount = (
      db.prepare('SELECT count(*) AS n FROM product_units WHERE product_id = ?').get(productId) as {
        n: number
      }
    ).n
    if (simple.length > 0 && unitCount > 1)
      throw unprocessable(`${simple.join(', ')} apply only to a product with one unit`)
    const columns = productColumns(input)
    if (Object.keys(columns).length > 0) {
      db.prepare(
        `UPDATE products SET ${Object.keys(columns)
          .map((k) => `${k} = @${k}`)
          .join(', ')}, updated_at = @now WHERE id = @id`,
      ).run({
        ...columns,
        now,
        id: productId,
      })
    }
  } else {
    const { lastInsertRowid } = db
      .prepare(
        `INSERT INTO products (public_id, store_id, external_id, currency, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(ids(), storeId, input.external_id || `gen-${ids()}`, currency, now, now)
    productId = Number(lastInsertRowid)
    const columns = productColumns(input)
    if (Object.keys(columns).length > 0) {
      db.prepare(
        `UPDATE products SET ${Object.keys(columns)
          .map((k) => `${k} = @${k}`)
          .join(', ')} WHERE id = @id`,
      ).run({
        ...columns,
        id: productId,
      })
    }
  }
  const units: ProductUnitInput[] =
    input.product_units ??
    (simple.length > 0 || !existing
      ? [Object.fromEntries(simple.map((field) => [field, input[field]])) as ProductUnitInput]
      : [])
  for (const unit of units)
    mergeUnit(db, ids, productId, unit, existing !== undefined && input.product_units === undefined)
  if (input.product_images) {
    db.prepare('DELETE FROM product_images WHERE product_id = ?').run(productId)
    const insert = db.prepare(
      'INSERT INTO product_images (public_id, product_id, position, url, external_id, unit_external_ids) VALUES (?, ?, ?, ?, ?, ?)',
    )
    for (const [position, image] of input.product_images.entries()) {
      insert.run(
        ids(),
        productId,
        position,
        image.url,
        image.external_id ?? null,
        JSON.stringify(image.unit_external_ids ?? []),
      )
    }
  }
  refreshSearchText(db, productId)
  return { productId, created: !existing }
}

function productColumns(input: ProductUpsert): Record<string, unknown> {
  const columns: Record<string, unknown> = {}
  for (const key of ['name', 'handle', 'description', 'category', 'brand', 'subtitle'] as const) {
    if (input[key] !== undefined) columns[key] = input[key]
  }
  if (input.options !== undefined) columns.options = JSON.stringify(input.options)
  if (input.shipping !== undefined) columns.shipping = JSON.stringify(input.shipping)
  if (input.hide_price !== undefined) columns.hide_price = input.hide_price ? 1 : 0
  if (input.custom_cta !== undefined) {
    columns.custom_cta = JSON.stringify({
      title: input.custom_cta.title ?? null,
      target: input.custom_cta.target ?? null,
      url: input.custom_cta.url ?? null,
      title_translation: input.custom_cta.title ?? null,
      hide_primary: input.custom_cta.hide_primary ?? false,
    })
  }
  return columns
}

// singleUnitUpdate: product-level fields of a simple product update its only unit.
function mergeUnit(
  db: Db,
  ids: IdSource,
  productId: number,
  unit: ProductUnitInput,
  singleUnitUpdate: boolean,
) {
  const match = singleUnitUpdate
    ? (db
        .prepare(
          'SELECT id, price, original_price FROM product_units WHERE product_id = ? ORDER BY position LIMIT 1',
        )
        .get(productId) as
        | { id: number; price: number | null; original_price: number | null }
        | undefined)
    : unit.external_id
      ? (db
          .prepare(
            'SELECT id, price, original_price FROM product_units WHERE product_id = ? AND external_id = ?',
          )
          .get(productId, unit.external_id) as
          | { id: number; price: number | null; original_price: number | null }
          | undefined)
      : undefined
  const price = unit.price !== undefined ? unit.price : (match?.price ?? null)
  const original =
    unit.original_price !== undefined ? unit.original_price : (match?.original_price ?? null)
  if (price !== null && original !== null && original < price) {
    throw unprocessable('original_price must be at least price')
  }
  const columns: Record<string, unknown> = {}
  for (const key of [
    'name',
    'url',
    'price',
    'original_price',
    'quantity',
    'sku',
    'gtin',
    'mpn',
    'barcode',
    'external_id',
  ] as const) {
    if (unit[key] !== undefined) columns[key] = unit[key]
  }
  if (unit.options !== undefined) columns.options = JSON.stringify(unit.options)
  if (match) {
    if (Object.keys(columns).length > 0) {
      db.prepare(
        `UPDATE product_units SET ${Object.keys(columns)
          .map((k) => `${k} = @${k}`)
          .join(', ')} WHERE id = @id`,
      ).run({
        ...columns,
        id: match.id,
      })
    }
    return
  }
  const position = (
    db.prepare('SELECT count(*) AS n FROM product_units WHERE product_id = ?').get(productId) as {
      n: number
    }
  ).n
  db.prepare(
    `INSERT INTO product_units (public_id, product_id, position, external_id, name, url, price, original_price, quantity, sku, gtin, mpn, barcode, options)
     VALUES (@public_id, @product_id, @position, @external_id, @name, @url, @price, @original_price, @quantity, @sku, @gtin, @mpn, @barcode, @options)`,
  ).run({
    public_id: ids(),
    product_id: productId,
    position,
    external_id: unit.external_id ?? `gen-${ids()}`,
    name: unit.name ?? null,
    url: unit.url ?? null,
    price: unit.price ?? null,
    original_price: unit.original_price ?? null,
    quantity: unit.quantity ?? null,
    sku: unit.sku ?? null,
    gtin: unit.gtin ?? null,
    mpn: unit.mpn ?? null,
    barcode: unit.barcode ?? null,
    options: JSON.stringify(unit.options ?? []),
  })
}

// Lower-cased identifiers and names, so the product search is one literal instr() per row.
export function refreshSearchText(db: Db, productId: number) {
  db.prepare(
    `UPDATE products SET search_text = fold(
       coalesce(name, '') || ' ' || coalesce(brand, '') || ' ' || coalesce(handle, '') || ' ' || external_id || ' ' ||
       coalesce((SELECT group_concat(coalesce(sku, '') || ' ' || coalesce(gtin, '') || ' ' || coalesce(mpn, '') || ' ' || coalesce(barcode, ''), ' ')
                 FROM product_units WHERE product_id = products.id), ''))
     WHERE id = ?`,
  ).run(productId)
}
