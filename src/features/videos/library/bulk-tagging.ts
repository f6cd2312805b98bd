import { toServiceError } from '@/api/client'
import { getVideo, updateVideo } from '@/api/generated/sdk.gen'
import type { Video } from '@/api/generated/types.gen'
import type { LibraryVideo } from '@/api/queries/videos'
import { videoTitle } from '@/lib/video-facts'
import type { BulkFailure } from './use-bulk-actions'

export type BulkTagMode = 'add' | 'replace'

export interface BulkTagOutcome {
  saved: Video[]
  failures: BulkFailure[]
  /** Videos whose tags were not what the library showed when read just before the write. */
  changedSinceRead: string[]
}

const same = (a: readonly string[], b: readonly string[]) => a.join() === b.join()

/**
 * Tags many videos with products of one store. The service only replaces a video's tags, so
 * "add" reads each video's current tags first and sends them followed by the new ones; a video
 * whose tags differ from what the library showed is named in the report.
 */
export async function tagVideos(
  videos: readonly LibraryVideo[],
  storeId: string,
  productIds: readonly string[],
  mode: BulkTagMode,
): Promise<BulkTagOutcome> {
  const outcome: BulkTagOutcome = { saved: [], failures: [], changedSinceRead: [] }
  for (const video of videos) {
    const caption = videoTitle(video)
    try {
      let body: { product_ids: string[]; variant_ids?: string[] }
      if (mode === 'add') {
        const current = await getVideo({
          path: { video_id: video.id },
          query: { fields: 'product_ids,variant_ids' },
          throwOnError: true,
        }).then((response) => response.data)
        const products = current.product_ids ?? []
        if (!same(products, video.product_ids)) outcome.changedSinceRead.push(caption)
        body = {
          product_ids: [...products, ...productIds.filter((id) => !products.includes(id))],
          variant_ids: current.variant_ids ?? [],
        }
      } else body = { product_ids: [...productIds] }
      const saved = await updateVideo({
        path: { video_id: video.id },
        body: { business_store_id: storeId, ...body },
        throwOnError: true,
      }).then((response) => response.data)
      outcome.saved.push(saved)
    } catch (error) {
      outcome.failures.push({ id: video.id, caption, reason: toServiceError(error).message })
    }
  }
  return outcome
}
