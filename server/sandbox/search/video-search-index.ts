import type { Db } from '../db/open.ts'

export interface VideoFilter {
  channelId: number
  archived: boolean
  status?: string
  access?: string
  videoType?: string
  published?: boolean
  /** Compared exactly after lower-casing, so the leading # stays significant. */
  hashtag?: string
  /** Case-insensitive literal substring of the caption. */
  q?: string
  /** Only (or, with `exclude`, all but) these videos: a condition kept outside the index. */
  within?: { ids: ReadonlySet<number>; exclude: boolean }
}

export interface VideoPageRequest {
  filter: VideoFilter
  now: number
  pageSize: number
  /** before: ids below the cursor, newest first; after: ids above it, oldest first. */
  cursor?: { direction: 'before' | 'after'; id: number }
}

interface Row {
  id: number
  channel_id: number
  archived_at: number | null
  deleted_at: number | null
  status: string
  access: string
  video_type: string
  published_at: number | null
  caption: string | null
  hashtags: string
}

const columns =
  'id, channel_id, archived_at, deleted_at, status, access, video_type, published_at, caption, hashtags'

// State filters are packed into one small integer so a single mask comparison applies them all.
const statusCodes: Record<string, number> = { pending: 0, approved: 1, errored: 2 }
const accessCodes: Record<string, number> = { public: 0, private: 1, unlisted: 2 }
const archivedBit = 1
const deletedBit = 2
const statusShift = 2
const accessShift = 4
const liveStreamBit = 64

function packFlags(row: Row): number {
  return (
    (row.archived_at !== null ? archivedBit : 0) |
    (row.deleted_at !== null ? deletedBit : 0) |
    ((statusCodes[row.status] ?? 3) << statusShift) |
    ((accessCodes[row.access] ?? 3) << accessShift) |
    (row.video_type === 'live_stream' ? liveStreamBit : 0)
  )
}

function filterMask(filter: VideoFilter): { mask: number; value: number } {
  let mask = archivedBit | deletedBit
  let value = filter.archived ? archivedBit : 0
  if (filter.status !== undefined) {
    mask |= 3 << statusShift
    value |= (statusCodes[filter.status] ?? 3) << statusShift
  }
  if (filter.access !== undefined) {
    mask |= 3 << accessShift
    value |= (accessCodes[filter.access] ?? 3) << accessShift
  }
  if (filter.videoType !== undefined) {
    mask |= liveStreamBit
    value |= filter.videoType === 'live_stream' ? liveStreamBit : 0
  }
  return { mask, value }
}

// One channel's videos as parallel columns in id order.
class Shard {
  ids: number[] = []
  flags: number[] = []
  published: number[] = []
  captions: string[] = []
  tags: string[][] = []
  postings = new Map<string, number[]>()

  slot(id: number): number {
    let low = 0
    let high = this.ids.length - 1
    while (low <= high) {
      const mid = (low + high) >> 1
      const at = this.ids[mid] as number
      if (at === id) return mid
      if (at < id) low = mid + 1
      else high = mid - 1
    }
    return -1
  }

  put(row: Row) {
    const tags = (JSON.parse(row.hashtags) as string[]).map((tag) => tag.toLowerCase())
    let at = this.slot(row.id)
    if (at >= 0) {
      this.unpost(row.id, this.tags[at] as string[])
    } else {
      // Ids grow with creation, so a new video almost always lands at the end.
      at = this.ids.length
      while (at > 0 && (this.ids[at - 1] as number) > row.id) at--
      this.ids.splice(at, 0, row.id)
      this.flags.splice(at, 0, 0)
      this.published.splice(at, 0, 0)
      this.captions.splice(at, 0, '')
      this.tags.splice(at, 0, [])
    }
    this.flags[at] = packFlags(row)
    this.published[at] = row.published_at ?? Number.NaN
    this.captions[at] = (row.caption ?? '').toLowerCase()
    this.tags[at] = tags
    for (const tag of new Set(tags)) {
      const list = this.postings.get(tag) ?? []
      let i = list.length
      while (i > 0 && (list[i - 1] as number) > row.id) i--
      list.splice(i, 0, row.id)
      this.postings.set(tag, list)
    }
  }

  remove(id: number) {
    const at = this.slot(id)
    if (at < 0) return
    this.unpost(id, this.tags[at] as string[])
    for (const column of [this.ids, this.flags, this.published, this.captions, this.tags])
      column.splice(at, 1)
  }

  private unpost(id: number, tags: string[]) {
    for (const tag of new Set(tags)) {
      const list = this.postings.get(tag)
      const i = list?.indexOf(id) ?? -1
      if (list && i >= 0) list.splice(i, 1)
    }
  }
}

// The filterable columns of every video, held in memory. Scanning a channel of 100,000 videos takes
// a few milliseconds, which is what lets the list report an exact total for any combination of
// substring, hashtag and state filters. The change log written by the schema's triggers is applied
// before every query, so writes from any code path are seen.
export function createVideoSearchIndex(db: Db) {
  const shards = new Map<number, Shard>()
  const channelOf = new Map<number, number>()
  let applied = 0

  const readChanges = db.prepare(
    'SELECT seq, video_id FROM video_changes WHERE seq > ? ORDER BY seq',
  )
  const readVideo = db.prepare(`SELECT ${columns} FROM videos WHERE id = ?`)
  const prune = db.prepare('DELETE FROM video_changes WHERE seq <= ?')

  function put(row: Row) {
    const previous = channelOf.get(row.id)
    if (previous !== undefined && previous !== row.channel_id) shards.get(previous)?.remove(row.id)
    let shard = shards.get(row.channel_id)
    if (!shard) {
      shard = new Shard()
      shards.set(row.channel_id, shard)
    }
    shard.put(row)
    channelOf.set(row.id, row.channel_id)
  }

  function catchUp() {
    const changes = readChanges.all(applied) as Array<{ seq: number; video_id: number }>
    if (changes.length === 0) return
    for (const videoId of new Set(changes.map((change) => change.video_id))) {
      const row = readVideo.get(videoId) as Row | undefined
      if (row) put(row)
    }
    applied = (changes.at(-1) as { seq: number }).seq
    if (changes.length > 1000) prune.run(applied)
  }

  return {
    load() {
      applied = (
        db.prepare('SELECT coalesce(max(seq), 0) AS seq FROM video_changes').get() as {
          seq: number
        }
      ).seq
      shards.clear()
      channelOf.clear()
      for (const row of db
        .prepare(`SELECT ${columns} FROM videos ORDER BY id`)
        .iterate() as Iterable<Row>)
        put(row)
      prune.run(applied)
    },

    /** The exact total and one page of ids, in the order the page is served. */
    page(request: VideoPageRequest): { total: number; ids: number[]; hasMore: boolean } {
      catchUp()
      const { filter, now, cursor } = request
      const shard = shards.get(filter.channelId)
      if (!shard) return { total: 0, ids: [], hasMore: false }
      const { mask, value } = filterMask(filter)
      const { flags, published, captions, ids } = shard
      const q = filter.q
      const wantPublished = filter.published
      const within = filter.within
      const matches = (i: number) => {
        if (((flags[i] as number) & mask) !== value) return false
        if (wantPublished !== undefined && (published[i] as number) <= now !== wantPublished)
          return false
        if (within && within.ids.has(ids[i] as number) === within.exclude) return false
        return q === undefined || (captions[i] as string).includes(q)
      }
      // With a hashtag, only that tag's videos are visited.
      const candidates =
        filter.hashtag !== undefined ? (shard.postings.get(filter.hashtag) ?? []) : null
      const count = candidates ? candidates.length : ids.length
      const slotAt = candidates
        ? (n: number) => shard.slot(candidates[n] as number)
        : (n: number) => n
      const ascending = cursor?.direction === 'after'
      const limit = request.pageSize + 1
      const page: number[] = []
      let total = 0
      for (
        let n = ascending ? 0 : count - 1;
        ascending ? n < count : n >= 0;
        ascending ? n++ : n--
      ) {
        const i = slotAt(n)
        if (!matches(i)) continue
        total++
        const id = ids[i] as number
        if (page.length < limit && (!cursor || (ascending ? id > cursor.id : id < cursor.id)))
          page.push(id)
      }
      return {
        total,
        ids: page.slice(0, request.pageSize),
        hasMore: page.length > request.pageSize,
      }
    },
  }
}

export type VideoSearchIndex = ReturnType<typeof createVideoSearchIndex>
