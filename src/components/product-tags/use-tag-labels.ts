import { useQueries } from '@tanstack/react-query'
import type { Product } from '@/api/generated/types.gen'
import { productQuery, variantOwnerQuery } from '@/api/queries/products'
import { productLabel, unitName } from '@/lib/product-facts'
import type { Tags } from './tag-model'

export interface TagInfo {
  label: string
  product: Product | null
}

/** Each tag's words and product, read once per product and shared through the cache. */
export function useTagLabels(tags: Tags, storeIds: readonly string[]): Map<string, TagInfo> {
  const products = useQueries({ queries: tags.products.map((id) => productQuery(id)) })
  const owners = useQueries({
    queries: tags.variants.map((id) => variantOwnerQuery(id, storeIds)),
  })
  const labels = new Map<string, TagInfo>()
  tags.products.forEach((id, index) => {
    const product = products[index]?.data ?? null
    labels.set(id, {
      product,
      label: product
        ? productLabel(product)
        : products[index]?.isError
          ? 'Unknown product'
          : 'Loading…',
    })
  })
  tags.variants.forEach((id, index) => {
    const owner = owners[index]?.data ?? null
    const unit = owner?.units.find((each) => each.id === id)
    labels.set(id, {
      product: owner,
      label:
        owner && unit
          ? `${productLabel(owner)} — ${unitName(unit)}`
          : owners[index]?.isPending
            ? 'Loading…'
            : 'Variant not found in these stores',
    })
  })
  return labels
}
