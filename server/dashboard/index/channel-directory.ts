import type { ChannelList } from '../../../src/api/generated/types.gen.ts'
import type { DashboardDb } from '../db/database.ts'
import type { ServiceReader } from '../forwarding/service-client.ts'

/** The service's channel list is read again for an unnamed channel at most this often. */
const listMaxAgeMs = 60_000

/** A channel ID as the contract puts IDs in paths: letters, digits, `.`, `-`, `_`; not `.` or `..`. */
export const channelIdShape = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,100}$/

/**
 * Which channels exist, so that a channel nobody has costs the service nothing: one the index
 * holds videos of, or one the service's channel list names. The list is kept, and read again
 * for a channel it does not name only once it is a minute old (a channel made since), so
 * thousands of made-up IDs cost one request a minute.
 */
export function createChannelDirectory(options: {
  /** The index, when this server keeps one. */
  db: DashboardDb | null
  reader: ServiceReader
  now?: () => number
}) {
  const now = options.now ?? Date.now
  let listed: { ids: Set<string>; at: number } | null = null
  let listing: Promise<Set<string>> | null = null

  function readList(): Promise<Set<string>> {
    listing ??= (async () => {
      const at = now()
      try {
        const list = await options.reader.get<ChannelList>('/api/v1/channels')
        listed = { ids: new Set(list?.channels.map((channel) => channel.id)), at }
        return listed.ids
      } finally {
        listing = null
      }
    })()
    return listing
  }

  async function indexHolds(channelId: string) {
    const row = await options.db
      ?.selectFrom('indexed_videos')
      .select('id')
      .where('channel_id', '=', channelId)
      .limit(1)
      .executeTakeFirst()
    return Boolean(row)
  }

  return {
    /** Rejects when the service's list is needed and cannot be read. */
    async knows(channelId: string): Promise<boolean> {
      if (!channelIdShape.test(channelId)) return false
      if (listed?.ids.has(channelId) || (await indexHolds(channelId))) return true
      if (listed && now() - listed.at < listMaxAgeMs) return false
      return (await readList()).has(channelId)
    },
  }
}
