import { createFileRoute } from '@tanstack/react-router'
import { catalogQuery } from '@/api/queries/products'
import { storeQuery } from '@/api/queries/stores'
import { CatalogScreen } from '@/features/stores/catalog/catalog-screen'
import { catalogSearchSchema } from '@/features/stores/catalog/catalog-search'

export const Route = createFileRoute('/stores/$storeId')({
  validateSearch: catalogSearchSchema,
  loaderDeps: ({ search }) => ({ q: search.q ?? '' }),
  loader: ({ context, params, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(storeQuery(params.storeId)),
      context.queryClient.ensureInfiniteQueryData(catalogQuery(params.storeId, deps.q)),
    ]),
  component: CatalogScreen,
})
