import type { SubtitleList } from '../../../src/api/generated/types.gen.ts'
import type { ServiceReader } from '../forwarding/service-client.ts'
import type { IndexChanges } from './index-changes.ts'
import { createReadCache } from './read-cache.ts'

const maxInFlight = 10
const keptMs = 60_000

/**
 * Whether a video has subtitles, which the index does not keep: asked of the service at most 10
 * videos at a time (a readiness request names up to 100), each answer kept a minute unless a
 * webhook about the video or a subtitle written through the dashboard says it changed.
 */
export function createSubtitleChecks(options: {
  reader: ServiceReader
  changes: IndexChanges
  now?: () => number
}) {
  const answers = createReadCache<boolean>({
    maxAgeMs: keptMs,
    maxEntries: 10_000,
    ...(options.now ? { now: options.now } : {}),
  })
  options.changes.listen((change) => {
    if ('videoId' in change) answers.forget(change.videoId)
  })
  let inFlight = 0
  const waiting: (() => void)[] = []

  async function ask(videoId: string) {
    if (inFlight >= maxInFlight) await new Promise<void>((turn) => waiting.push(turn))
    else inFlight++
    try {
      const list = await options.reader.get<SubtitleList>(
        `/api/v1/videos/${encodeURIComponent(videoId)}/subtitles`,
      )
      return (list?.subtitles.length ?? 0) > 0
    } finally {
      // The slot passes straight to the next in line, if any.
      const next = waiting.shift()
      if (next) next()
      else inFlight--
    }
  }

  return {
    has: (videoId: string) => answers.read(videoId, () => ask(videoId)),
  }
}

export type SubtitleChecks = ReturnType<typeof createSubtitleChecks>
