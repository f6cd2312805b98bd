import { useMutation, useQueryClient } from '@tanstack/react-query'
import { upsertProduct } from '@/api/generated/sdk.gen'
import type { ProductUpsert } from '@/api/generated/types.gen'
import { productKeys } from '@/api/queries/products'

// POST /products (created or updated by external id): the product's entry takes the answer, and
// every catalog page and product search is read again.
export function useUpsertProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ProductUpsert) =>
      upsertProduct({ body, throwOnError: true }).then((response) => response.data),
    onSuccess: (product) => {
      queryClient.setQueryData(productKeys.detail(product.id), product)
      void queryClient.invalidateQueries({ queryKey: productKeys.catalogs() })
      void queryClient.invalidateQueries({ queryKey: productKeys.searches() })
    },
  })
}
