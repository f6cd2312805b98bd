import { createFileRoute } from '@tanstack/react-router'
import { storeQuery } from '@/api/queries/stores'
import { CatalogScreen } from '@/features/stores/catalog/catalog-screen'
import { catalogSearchSchema } from '@/features/stores/catalog/catalog-search'

export const Route = createFileRoute('/stores/$storeId')({
  validateSearch: catalogSearchSchema,
  loaderDeps: ({ search }) => ({ q: search.q ?? '' }),
  loader: async ({ context, params, deps, cause }) => {
    const store = context.queryClient.ensureQueryData(storeQuery(params.storeId))
    // Searching on the screen: it keeps its products until the new ones arrive, so nothing waits.
    if (cause === 'stay') return void (await store)
    // The product queries load with the catalog, not with every first screen.
    const { catalogQuery } = await import('@/api/queries/products')
    await Promise.all([
      store,
      context.queryClient.ensureInfiniteQueryData(catalogQuery(params.storeId, deps.q)),
    ])
  },
  component: CatalogScreen,
})
