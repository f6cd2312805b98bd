import { queryOptions } from '@tanstack/react-query'
import { listBusinessStores } from '../generated/sdk.gen'

export const storeKeys = {
  all: ['stores'] as const,
  list: () => [...storeKeys.all, 'list'] as const,
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
