import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useCallback } from 'react'
import type { Video } from '@/api/generated/types.gen'
import { productQuery } from '@/api/queries/products'
import { useDefaultStoreId } from '@/components/store-select'

const route = getRouteApi('/videos/$videoId')

/**
 * The one store the video page tags in and shows AI suggestions from: the one chosen, else the
 * store of the video's first tag, else the business's first store (the service's default).
 */
export function useTaggingStore(video: Pick<Video, 'product_ids'>) {
  const chosen = route.useSearch({ select: (search) => search.store })
  const navigate = route.useNavigate()
  const first = video.product_ids[0]
  const firstProduct = useQuery({ ...productQuery(first ?? ''), enabled: Boolean(first) })
  const fallback = useDefaultStoreId()
  const storeId = chosen ?? firstProduct.data?.business_store_id ?? fallback
  const choose = useCallback(
    (store: string) =>
      navigate({
        search: (prev) => ({ ...prev, store }),
        hash: true,
        replace: true,
        resetScroll: false,
      }),
    [navigate],
  )
  return { storeId, chosen, choose }
}
