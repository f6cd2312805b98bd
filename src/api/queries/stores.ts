import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { getBusinessStore, listBusinessStores } from '../generated/sdk.gen'
import { cursorPages } from './cursor-pages'

export const storeKeys = {
  all: ['stores'] as const,
  lists: () => [...storeKeys.all, 'list'] as const,
  // The pickers' one page of up to 100 stores, and the stores screen's pages.
  list: () => [...storeKeys.lists(), 'first-100'] as const,
  pages: () => [...storeKeys.lists(), 'pages'] as const,
  details: () => [...storeKeys.all, 'detail'] as const,
  detail: (id: string) => [...storeKeys.details(), id] as const,
}

// The business's active stores, newest first (one page of the maximum size: a business with more
// than 100 stores sees the newest 100).
export const storesQuery = () =>
  queryOptions({
    queryKey: storeKeys.list(),
    queryFn: ({ signal }) =>
      listBusinessStores({ query: { page_size: 100 }, signal, throwOnError: true }).then(
        (response) => response.data.stores,
      ),
    staleTime: 5 * 60_000,
  })

export const storePageSize = 25

/** Every active store, newest first, page by page following `links.next` verbatim. */
export const storePagesQuery = () =>
  infiniteQueryOptions({
    queryKey: storeKeys.pages(),
    ...cursorPages((signal) =>
      listBusinessStores({ query: { page_size: storePageSize }, signal, throwOnError: true }).then(
        (response) => response.data,
      ),
    ),
    select: (data) => ({
      stores: data.pages.flatMap((page) => page.stores),
      hasMore: data.pages.at(-1)?.links.next != null,
    }),
  })

/** One store with the fields only its detail has (uid, business). */
export const storeQuery = (id: string) =>
  queryOptions({
    queryKey: storeKeys.detail(id),
    queryFn: ({ signal }) =>
      getBusinessStore({ path: { store_id: id }, signal, throwOnError: true }).then(
        (response) => response.data,
      ),
  })
