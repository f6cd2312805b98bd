import type { Product } from '../../../src/api/generated/types.gen.ts'
import type { Db } from '../db/open.ts'
import { absolute } from './video-view.ts'

interface ProductRow {
  id: number
  public_id: string
  store_public_id: string
  external_id: string
  name: string | null
  handle: string | null
  description: string | null
  category: string | null
  currency: string | null
  brand: string | null
  subtitle: string | null
  options: string
  shipping: string | null
  hide_price: number
  custom_cta: string | null
}

// `publicUrl` makes the demo catalog's pictures, stored as paths on the sandbox, full addresses.
export function renderProducts(db: Db, ids: number[], publicUrl: string): Product[] {
  if (ids.length === 0) return []
  const list = ids.join(',')
  const rows = db
    .prepare(
      `SELECT p.*, s.public_id AS store_public_id FROM products p JOIN stores s ON s.id = p.store_id WHERE p.id IN (${list})`,
    )
    .all() as ProductRow[]
  const units = db
    .prepare(
      `SELECT * FROM product_units WHERE product_id IN (${list}) ORDER BY product_id, position, id`,
    )
    .all() as Array<Record<string, unknown> & { product_id: number }>
  const images = db
    .prepare(
      `SELECT * FROM product_images WHERE product_id IN (${list}) ORDER BY product_id, position, id`,
    )
    .all() as Array<Record<string, unknown> & { product_id: number }>
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.flatMap((id) => {
    const row = byId.get(id)
    if (!row) return []
    const product: Product = {
      id: row.public_id,
      name: row.name,
      handle: row.handle,
      description: row.description,
      category: row.category,
      currency: row.currency,
      brand: row.brand,
      subtitle: row.subtitle,
      business_store_id: row.store_public_id,
      external_id: row.external_id,
      options: JSON.parse(row.options),
      units: units
        .filter((unit) => unit.product_id === id)
        .map((unit) => ({
          id: unit.public_id as string,
          name: unit.name as string | null,
          position: unit.position as number,
          options: JSON.parse(unit.options as string),
          url: unit.url as string | null,
          price: unit.price as number | null,
          original_price: unit.original_price as number | null,
          quantity: unit.quantity as number | null,
          sku: unit.sku as string | null,
          external_id: unit.external_id as string | null,
          gtin: unit.gtin as string | null,
          mpn: unit.mpn as string | null,
          barcode: unit.barcode as string | null,
        })),
      images: images
        .filter((image) => image.product_id === id)
        .map((image) => ({
          id: image.public_id as string,
          position: image.position as number,
          url: absolute(image.url as string, publicUrl),
          external_id: image.external_id as string | null,
          unit_external_ids: JSON.parse(image.unit_external_ids as string),
        })),
      shipping: row.shipping ? JSON.parse(row.shipping) : null,
      hide_price: row.hide_price === 1,
      custom_cta: row.custom_cta ? JSON.parse(row.custom_cta) : null,
    }
    return [product]
  })
}
