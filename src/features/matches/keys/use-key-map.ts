import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { keyMapQuery, reviewKeys, saveKeyMap } from '@/api/queries/review'
import { defaultKeyMap, type KeyMap } from '@/api/review'

/** The signed-in person's review keys; the defaults while they load or if they cannot be read. */
export function useReviewKeyMap(): KeyMap {
  const { data } = useQuery(keyMapQuery())
  return data ?? defaultKeyMap
}

export function useSaveKeyMap() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveKeyMap,
    onSuccess: (keys) => queryClient.setQueryData(reviewKeys.keys(), keys),
  })
}
