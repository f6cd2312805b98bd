import type { VideoEvent, VideoImportFailedEvent } from './generated/types.gen'
import { zVideoEvent, zVideoImportFailedEvent } from './generated/zod.gen'

/** A service webhook (document 1, section 6), as the contract describes it. */
export type ServiceEvent = VideoEvent | VideoImportFailedEvent

// The dashboard server checks each delivery (and each event another replica passes on) with this
// before sending it to the app, which therefore only reads it (`service-event-frame.ts`).
export function parseServiceEvent(value: unknown): ServiceEvent | null {
  const video = zVideoEvent.safeParse(value)
  if (video.success) return video.data
  const importFailed = zVideoImportFailedEvent.safeParse(value)
  return importFailed.success ? importFailed.data : null
}

/** An event sent as JSON text (an SSE frame, a Redis message), or null if it is not one. */
export function parseServiceEventJson(text: string): ServiceEvent | null {
  try {
    return parseServiceEvent(JSON.parse(text))
  } catch {
    return null
  }
}
