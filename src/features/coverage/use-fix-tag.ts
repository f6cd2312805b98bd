import { useMutation, useQueryClient } from '@tanstack/react-query'
import { getVideo, updateVideo } from '@/api/generated/sdk.gen'
import type { BrokenTag } from '@/api/merch-index'
import { indexKeys } from '@/api/queries/merch-index-keys'
import { videoKeys } from '@/api/queries/videos'
import { taggingBody } from '@/components/product-tags/tag-model'

export type TagFix = { tag: BrokenTag; action: 'replace' | 'remove' }

// The video's tags are read again before the change (the index may be a moment behind the
// service) and sent whole, as the service replaces the list: the broken product, and its
// variants, give way to the replacement in the same place, or leave.
async function fixTag({ tag, action }: TagFix) {
  const path = { video_id: tag.video_id }
  const { data: video } = await getVideo({
    path,
    query: { fields: 'product_ids,variant_ids' },
    throwOnError: true,
  })
  const products = (video.product_ids ?? []).flatMap((id) =>
    id !== tag.product_id
      ? [id]
      : action === 'replace' && tag.replacement
        ? [tag.replacement.id]
        : [],
  )
  const units = new Set(tag.product?.unit_ids ?? [])
  const variants = (video.variant_ids ?? []).filter((id) => !units.has(id))
  const storeId = tag.replacement?.store_id ?? tag.product?.store_id ?? ''
  const { data } = await updateVideo({
    path,
    body: taggingBody(storeId, { products: [...new Set(products)], variants }, 'keep'),
    throwOnError: true,
  })
  return data
}

/**
 * Replaces a broken tag with its suggestion, or removes it. The row leaves the list at once and
 * comes back, with the service's reason, if the change is refused.
 */
export function useFixTag(listKey: readonly unknown[]) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [...indexKeys.all, 'fix-tag'],
    mutationFn: fixTag,
    onMutate: async ({ tag }) => {
      await queryClient.cancelQueries({ queryKey: listKey })
      const before = queryClient.getQueryData(listKey)
      queryClient.setQueryData(listKey, (data: { tags: BrokenTag[] } | undefined) =>
        data
          ? {
              ...data,
              tags: data.tags.filter(
                (each) => !(each.video_id === tag.video_id && each.product_id === tag.product_id),
              ),
            }
          : data,
      )
      return { before }
    },
    onError: (_error, _fix, context) => queryClient.setQueryData(listKey, context?.before),
    onSuccess: (video, { tag }) => {
      queryClient.setQueryData(videoKeys.detail(tag.video_id), video)
      void queryClient.invalidateQueries({ queryKey: videoKeys.lists() })
    },
  })
}
