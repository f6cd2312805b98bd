import type { ChannelList, SparseVideo } from '../../../src/api/generated/types.gen.ts'
import type { DashboardDb } from '../db/database.ts'
import type { ServiceReader } from '../forwarding/service-client.ts'

/** Channels looked through, and newest videos read in each, for a video a webhook just named. */
const mostChannels = 20
const newest = 100

/**
 * Places a video the index holds in no channel (a webhook names none, and the business has
 * several) by finding it among each channel's newest videos, where a video just created is: so
 * the channel's rules hear of it at once rather than at the next reconcile. Says whether it did.
 */
export async function placeInChannel(
  db: DashboardDb,
  reader: ServiceReader,
  videoId: string,
): Promise<boolean> {
  const channels = (await reader.get<ChannelList>('/api/v1/channels'))?.channels ?? []
  for (const channel of channels.slice(0, mostChannels)) {
    const page = await reader.get<{ videos: SparseVideo[] }>(
      `/api/v1/videos?channel_id=${encodeURIComponent(channel.id)}&page_size=${newest}&fields=caption`,
    )
    if (!page?.videos.some((video) => video.id === videoId)) continue
    await db
      .updateTable('indexed_videos')
      .set({ channel_id: channel.id })
      .where('id', '=', videoId)
      .where('channel_id', '=', '')
      .execute()
    return true
  }
  return false
}
