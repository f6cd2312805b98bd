import { queryOptions } from '@tanstack/react-query'
import { getProduct } from '../generated/sdk.gen'

// Products are read by several areas (video tags, matches, stores), so their query options live
// below the features.
export const productKeys = {
  all: ['products'] as const,
  details: () => [...productKeys.all, 'detail'] as const,
  detail: (id: string) => [...productKeys.details(), id] as const,
}

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) =>
      getProduct({ path: { product_id: id }, signal, throwOnError: true }).then((r) => r.data),
    staleTime: 5 * 60_000,
  })
