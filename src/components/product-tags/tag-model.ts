import type { Video, VideoUpdate } from '@/api/generated/types.gen'

/** What a video is tagged with, in the order shoppers see it: whole products, then variants. */
export interface Tags {
  products: readonly string[]
  variants: readonly string[]
}

export type Visibility = 'keep' | 'show' | 'hide'

export const tagsOf = (video: Pick<Video, 'product_ids' | 'variant_ids'>): Tags => ({
  products: video.product_ids,
  variants: video.variant_ids,
})

export interface TagChanges {
  added: string[]
  removed: string[]
  kept: string[]
  reordered: boolean
}

// What a save changes: the service replaces the whole list (rule 3), so kept tags are listed too.
export function changesBetween(before: Tags, after: Tags): TagChanges {
  const was = [...before.products, ...before.variants]
  const will = [...after.products, ...after.variants]
  const kept = will.filter((id) => was.includes(id))
  return {
    added: will.filter((id) => !was.includes(id)),
    removed: was.filter((id) => !will.includes(id)),
    kept,
    reordered: kept.join() !== was.filter((id) => will.includes(id)).join(),
  }
}

/** The PATCH body: both lists (an empty pair clears every tag), the store, the visibility. */
export function taggingBody(storeId: string, tags: Tags, visibility: Visibility): VideoUpdate {
  return {
    business_store_id: storeId,
    product_ids: [...tags.products],
    variant_ids: [...tags.variants],
    ...(visibility === 'keep' ? {} : { video_hidden: visibility === 'hide' }),
  }
}
