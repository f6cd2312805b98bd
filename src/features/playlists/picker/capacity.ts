import { maxItems } from '@/api/contract-bounds'
import { zPlaylistReorder } from '@/api/generated/zod.gen'

/** The most videos a playlist holds (the contract's bound on a full order). */
export const playlistCapacity = maxItems(zPlaylistReorder.shape.video_ids)
