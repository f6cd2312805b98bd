import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  createBusinessStore,
  deleteBusinessStore,
  updateBusinessStore,
} from '@/api/generated/sdk.gen'
import type {
  BusinessStore,
  BusinessStoreCreate,
  BusinessStoreUpdate,
} from '@/api/generated/types.gen'
import { storeKeys } from '@/api/queries/stores'

// Each write puts the service's answer in the store's detail and refreshes every store list (the
// stores screen and the pickers of the tagging screens).
export function useStoreMutations() {
  const queryClient = useQueryClient()
  const settle = (id: string, store: BusinessStore | null) => {
    if (store) queryClient.setQueryData(storeKeys.detail(id), store)
    else queryClient.removeQueries({ queryKey: storeKeys.detail(id) })
    return queryClient.invalidateQueries({ queryKey: storeKeys.lists() })
  }
  return {
    create: useMutation({
      mutationFn: (body: BusinessStoreCreate) =>
        createBusinessStore({ body, throwOnError: true }).then((response) => response.data),
      onSuccess: (store) => settle(store.id, store),
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: BusinessStoreUpdate }) =>
        updateBusinessStore({ path: { store_id: id }, body, throwOnError: true }).then(
          (response) => response.data,
        ),
      onSuccess: (store) => settle(store.id, store),
    }),
    remove: useMutation({
      mutationFn: (id: string) =>
        deleteBusinessStore({ path: { store_id: id }, throwOnError: true }),
      onSuccess: (_, id) => settle(id, null),
    }),
  }
}
