import type { IndexStatus, Readiness } from '../../../src/api/merch-index.ts'
import type { DashboardDb } from '../db/database.ts'
import { findVideos, indexStatus, type VideoFilter } from './index-queries.ts'
import type { MerchIndex } from './merch-index.ts'
import { createReadCache } from './read-cache.ts'
import { readinessOf, readinessSettings } from './readiness.ts'
import type { SubtitleChecks } from './subtitle-checks.ts'
import { channelSummary } from './summary.ts'
import { brokenTags } from './tag-health.ts'

type Found = Awaited<ReturnType<typeof findVideos>>
type Summary = Awaited<ReturnType<typeof channelSummary>>
type Tags = Awaited<ReturnType<typeof brokenTags>>

/** Reads shared while in flight only: identical ones at once wait for one. */
const shared = <T>() => createReadCache<T>({ maxAgeMs: 0, maxEntries: 0 })

/**
 * What the index's routes answer, cheap to ask for again: identical reads at once share one read
 * of the database; the home summary is kept until the index changes (a webhook applied, a read
 * completing one, a pass, a write made through the dashboard) or `summaryMaxAgeMs` passes (time
 * moves scheduled videos to live, and other replicas change the shared database unheard); the
 * status is kept a second. Reads go to `reads` (worker threads on SQLite), the team's required
 * checks, one row, to `db`.
 */
export function createIndexAnswers(options: {
  db: DashboardDb
  reads: DashboardDb
  index: MerchIndex
  subtitles: SubtitleChecks
  summaryMaxAgeMs?: number
}) {
  const { db, reads, index, subtitles } = options
  const status = createReadCache<IndexStatus>({ maxAgeMs: 1_000, maxEntries: 1 })
  const summaries = createReadCache<Summary>({
    maxAgeMs: options.summaryMaxAgeMs ?? 10_000,
    maxEntries: 200,
  })
  const videos = shared<Found>()
  const tags = shared<Tags>()
  const readiness = shared<Readiness>()
  index.changes.listen(() => {
    for (const cache of [status, summaries, videos, tags, readiness]) cache.clear()
  })

  return {
    async status(): Promise<IndexStatus> {
      const known = await status.read('', () => indexStatus(reads, null))
      return { ...known, last_event_at: index.lastEventAt() }
    },
    async summary(channelId: string) {
      const { required } = await readinessSettings(db)
      return summaries.read(`${channelId}\n${required.join(',')}`, () =>
        channelSummary(reads, channelId, new Date(), required),
      )
    },
    videos: (filter: VideoFilter) =>
      videos.read(JSON.stringify(filter), () => findVideos(reads, filter)),
    brokenTags: (channelId: string | null, videoId: string | null) =>
      tags.read(`${channelId}\n${videoId}`, () =>
        brokenTags(reads, channelId, videoId ? { videoId } : {}),
      ),
    readiness: (videoIds: string[]) =>
      readiness.read(videoIds.join('\n'), () => readinessOf(reads, subtitles, videoIds)),
  }
}
