import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { getBusinessStore, listBusinessStores } from '../generated/sdk.gen'
import { cursorPages, readPages } from './cursor-pages'

export const storeKeys = {
  all: ['stores'] as const,
  lists: () => [...storeKeys.all, 'list'] as const,
  // Every store at once (the pickers and the command palette), and the stores screen's pages.
  list: () => [...storeKeys.lists(), 'every'] as const,
  pages: () => [...storeKeys.lists(), 'pages'] as const,
  details: () => [...storeKeys.all, 'detail'] as const,
  detail: (id: string) => [...storeKeys.details(), id] as const,
}

/**
 * Every active store of the business, newest first: pages of the largest size (document 2, section 4.1),
 * following `links.next` verbatim until the last page, read once and shared by what lists stores.
 */
export const storesQuery = () =>
  queryOptions({
    queryKey: storeKeys.list(),
    queryFn: async ({ signal }) => {
      const first = listBusinessStores({ query: { page_size: 100 }, signal, throwOnError: true })
      const pages = await readPages(
        first.then((response) => response.data),
        signal,
      )
      return pages.flatMap((page) => page.stores)
    },
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
