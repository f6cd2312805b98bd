import {
  infiniteQueryOptions,
  queryOptions,
  experimental_streamedQuery as streamedQuery,
} from '@tanstack/react-query'
import { getProduct, listProducts, listProductVideos } from '../generated/sdk.gen'
import type { Product } from '../generated/types.gen'
import { cursorPages } from './cursor-pages'

// Products are read by several areas (video tags, matches, stores), so their query options live
// below the features.
export const productKeys = {
  all: ['products'] as const,
  details: () => [...productKeys.all, 'detail'] as const,
  detail: (id: string) => [...productKeys.details(), id] as const,
  searches: () => [...productKeys.all, 'search'] as const,
  search: (storeId: string, q: string) => [...productKeys.searches(), storeId, q] as const,
  acrossStores: (storeIds: readonly string[], q: string, enough: number) =>
    [...productKeys.searches(), 'across', q, enough, storeIds] as const,
  catalogs: () => [...productKeys.all, 'catalog'] as const,
  catalog: (storeId: string, q: string) => [...productKeys.catalogs(), storeId, q] as const,
  // Under the product's detail key, so a change to the product refreshes where it is used.
  videos: (id: string) => [...productKeys.detail(id), 'videos'] as const,
  owners: () => [...productKeys.all, 'owner'] as const,
  owner: (unitId: string) => [...productKeys.owners(), unitId] as const,
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

// Stores asked at once: a business with hundreds of stores is not asked hundreds of times per key.
const storesAtOnce = 4

/**
 * Products whose name or identifiers contain `q`, in any of the stores given (the contract has
 * no business-wide product search: `business_store_id` is required). Stores are asked a few at a
 * time, in the order given, until `enough` products are found or every store has answered; each
 * store's matches are added to the data as they arrive. The query's signal cancels the stores
 * being asked, and no more are asked, once the search is no longer wanted.
 */
export const productSearchAcrossStoresQuery = (
  storeIds: readonly string[],
  q: string,
  enough: number,
) =>
  queryOptions({
    queryKey: productKeys.acrossStores(storeIds, q, enough),
    queryFn: streamedQuery({
      streamFn: ({ signal }) => matchesStoreByStore(storeIds, q, enough, signal),
      reducer: (found: Product[], products: Product[]) => [...found, ...products],
      initialValue: [],
    }),
    staleTime: 60_000,
  })

async function* matchesStoreByStore(
  storeIds: readonly string[],
  q: string,
  enough: number,
  signal: AbortSignal,
): AsyncGenerator<Product[]> {
  const toAsk = [...storeIds]
  const asking = new Map<string, Promise<{ storeId: string; products: Product[] }>>()
  let found = 0
  for (;;) {
    while (asking.size < storesAtOnce && found < enough) {
      const storeId = toAsk.shift()
      if (storeId === undefined) break
      const answer = listProducts({
        query: { business_store_id: storeId, q, page_size: enough },
        signal,
        throwOnError: true,
      }).then((response) => ({ storeId, products: response.data.products }))
      // A store still being asked when the search ends fails (aborted) with no one waiting.
      answer.catch(() => {})
      asking.set(storeId, answer)
    }
    if (asking.size === 0) return
    const { storeId, products } = await Promise.race(asking.values())
    asking.delete(storeId)
    found += products.length
    // Only matches change what is shown: the previous text's results stay until some arrive.
    if (products.length > 0) yield products
  }
}

export const catalogPageSize = 25

/** A store's catalog page by page (newest first), searched by name, brand or any identifier. */
export const catalogQuery = (storeId: string, q: string) =>
  infiniteQueryOptions({
    queryKey: productKeys.catalog(storeId, q),
    ...cursorPages((signal) =>
      listProducts({
        query: { business_store_id: storeId, ...(q ? { q } : {}), page_size: catalogPageSize },
        signal,
        throwOnError: true,
      }).then((response) => response.data),
    ),
    select: (data) => ({
      products: data.pages.flatMap((page) => page.products),
      hasMore: data.pages.at(-1)?.links.next != null,
    }),
  })

/** The live videos that feature a product, each with its `hidden` flag (assumed endpoint). */
export const productVideosQuery = (productId: string) =>
  queryOptions({
    queryKey: productKeys.videos(productId),
    queryFn: ({ signal }) =>
      listProductVideos({
        path: { product_id: productId },
        query: { page_size: 100 },
        signal,
        throwOnError: true,
      }).then((response) => response.data),
  })

/** The product a variant belongs to, looked for in each of the stores given (assumed id search). */
export const variantOwnerQuery = (unitId: string, storeIds: readonly string[]) =>
  queryOptions({
    queryKey: productKeys.owner(unitId),
    queryFn: async ({ signal }) => {
      for (const storeId of storeIds) {
        const found = await listProducts({
          query: { business_store_id: storeId, q: unitId, page_size: 10 },
          signal,
          throwOnError: true,
        }).then((response) => response.data.products)
        const owner = found.find((product) => product.units.some((unit) => unit.id === unitId))
        if (owner) return owner
      }
      return null
    },
    staleTime: 5 * 60_000,
    enabled: storeIds.length > 0,
  })
