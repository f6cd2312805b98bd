import { createHash } from 'node:crypto'
import type { Db } from '../db/open.ts'

/** Where the sandbox draws a demo product's picture (routes/media.ts), relative to its address. */
export const demoPicturePath = (externalId: string, number: number) =>
  `/cdn/demo/products/${externalId}-${number}.png`

export const demoPicturePattern = /^\/cdn\/demo\/products\/([a-z0-9-]{1,80}-[1-3])\.png$/

// One to three pictures a product, chosen from a hash of its identifier rather than the seed's
// random sequence, so adding them left every other demo row as it was. Only rows are written
// here: the pictures are drawn when first asked for, which keeps the seed as fast as before.
export function seedProductImages(
  db: Db,
  ids: () => string,
  products: ReadonlyArray<{ id: number; externalId: string }>,
) {
  const insert = db.prepare(
    'INSERT INTO product_images (public_id, product_id, position, url, external_id) VALUES (?, ?, ?, ?, ?)',
  )
  for (const { id, externalId } of products) {
    const count = 1 + ((createHash('sha256').update(externalId).digest()[0] ?? 0) % 3)
    for (let number = 1; number <= count; number++) {
      insert.run(
        ids(),
        id,
        number - 1,
        demoPicturePath(externalId, number),
        `${externalId}-image-${number}`,
      )
    }
  }
}
