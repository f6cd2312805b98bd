import { queryOptions } from '@tanstack/react-query'
import { getProduct, listProducts } from '../generated/sdk.gen'

// Products are read by several areas (video tags, matches, stores), so their query options live
// below the features.
export const productKeys = {
  all: ['products'] as const,
  details: () => [...productKeys.all, 'detail'] as const,
  detail: (id: string) => [...productKeys.details(), id] as const,
  searches: () => [...productKeys.all, 'search'] as const,
  search: (storeId: string, q: string) => [...productKeys.searches(), storeId, q] as const,
}

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) =>
      getProduct({ path: { product_id: id }, signal, throwOnError: true }).then((r) => r.data),
    staleTime: 5 * 60_000,
  })

/** The first page of a store's products whose name, brand, handle or identifiers contain `q`. */
export const productSearchQuery = (storeId: string, q: string) =>
  queryOptions({
    queryKey: productKeys.search(storeId, q),
    queryFn: ({ signal }) =>
      listProducts({
        query: { business_store_id: storeId, ...(q ? { q } : {}), page_size: 20 },
        signal,
        throwOnError: true,
      }).then((r) => r.data.products),
    staleTime: 60_000,
  })
