import { listProducts } from '@/api/generated/sdk.gen'
import type { Product } from '@/api/generated/types.gen'

export type Resolution =
  | { identifier: string; kind: 'found'; product: Product; by: string }
  | { identifier: string; kind: 'unknown' }
  | { identifier: string; kind: 'duplicate'; product: Product; by: string; sameAs: string }
  | { identifier: string; kind: 'tagged'; product: Product; by: string }

/** Identifiers as pasted: one per line or separated by commas, blanks dropped. */
export const splitIdentifiers = (text: string) =>
  text
    .split(/[\n,;]+/)
    .map((each) => each.trim())
    .filter(Boolean)

// Which identifier of a product (or one of its variants) the text is, in the service's words.
function matchOf(product: Product, identifier: string): string | null {
  if (product.id === identifier) return 'product id'
  if (product.external_id === identifier) return 'external id'
  for (const unit of product.units) {
    if (unit.id === identifier) return 'variant id'
    if (unit.sku === identifier) return 'SKU'
    if (unit.gtin === identifier) return 'GTIN'
    if (unit.mpn === identifier) return 'MPN'
    if (unit.barcode === identifier) return 'barcode'
    if (unit.external_id === identifier) return 'variant external id'
  }
  return null
}

/**
 * What each identifier would tag, as the service resolves `product_ids` (document 1, 4.4): a
 * variant's identifier tags its whole product; an identifier the store does not know is skipped;
 * a product reached twice (even through another kind of identifier) is tagged once.
 */
export async function resolveIdentifiers(
  storeId: string,
  identifiers: readonly string[],
  tagged: ReadonlySet<string>,
): Promise<Resolution[]> {
  const found = await Promise.all(
    identifiers.map(async (identifier) => {
      const products = await listProducts({
        query: { business_store_id: storeId, q: identifier, page_size: 20 },
        throwOnError: true,
      }).then((response) => response.data.products)
      for (const product of products) {
        const by = matchOf(product, identifier)
        if (by) return { product, by }
      }
      return null
    }),
  )
  const firstFor = new Map<string, string>()
  return identifiers.map((identifier, index) => {
    const hit = found[index]
    if (!hit) return { identifier, kind: 'unknown' }
    if (tagged.has(hit.product.id)) return { identifier, kind: 'tagged', ...hit }
    const earlier = firstFor.get(hit.product.id)
    if (earlier) return { identifier, kind: 'duplicate', sameAs: earlier, ...hit }
    firstFor.set(hit.product.id, identifier)
    return { identifier, kind: 'found', ...hit }
  })
}
