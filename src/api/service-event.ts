import type { VideoEvent, VideoImportFailedEvent } from './generated/types.gen'
import { zVideoEvent, zVideoEventData, zVideoImportFailedEvent } from './generated/zod.gen'

/** A service webhook (document 1, section 6), as the contract describes it. */
export type ServiceEvent = VideoEvent | VideoImportFailedEvent

// The dashboard server checks each delivery (and each event another replica passes on) with this
// before sending it to the app, which therefore only reads it (`service-event-frame.ts`). Fields
// the contract does not name (a later payload version) are dropped, not refused.
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

/** What can be read of a video event that does not match the contract in full. */
export interface UnreadVideoEvent {
  /** `video_…`: a type the contract names, or a later one. */
  event_type: string
  /** Each envelope field the event carries readably, else null. */
  created: number | null
  business_id: string | null
  version: string | null
  data: {
    id: string
    status: VideoEvent['data']['status'] | null
    import_id: string | null
  }
  /** The fields that could not be read, as paths (`data.hashtags`); never their values. */
  problems: string[]
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null)

/**
 * An event that is not a `ServiceEvent` but names a video (a `video_…` type with a `data.id`):
 * the dashboard reads that video again rather than refusing the event. Null for anything else.
 */
export function unreadVideoEvent(value: unknown): UnreadVideoEvent | null {
  if (!isRecord(value) || !isRecord(value.data)) return null
  const { event_type: type, data } = value
  if (typeof type !== 'string' || !type.startsWith('video_') || type === 'video_import_failed')
    return null
  if (typeof data.id !== 'string' || data.id === '') return null
  const status = zVideoEventData.shape.status.safeParse(data.status)
  const issues = zVideoEvent.safeParse(value).error?.issues ?? []
  return {
    event_type: type,
    created: Number.isSafeInteger(value.created) ? (value.created as number) : null,
    business_id: textOrNull(value.business_id),
    version: textOrNull(value.version),
    data: {
      id: data.id,
      status: status.success ? status.data : null,
      import_id: textOrNull(data.import_id),
    },
    problems: [...new Set(issues.map((issue) => issue.path.join('.') || '(event)'))],
  }
}
