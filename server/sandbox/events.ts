import type {
  ImportFailureReason,
  Video,
  VideoEvent,
  VideoEventData,
  VideoImportFailedEvent,
} from '../../src/api/generated/types.gen.ts'
import type { Events, Sandbox, VideoEventType } from './context.ts'
import type { Db } from './db/open.ts'
import { renderVideos, type VideoRow } from './rules/video-view.ts'

/** An event as the contract gives it, before the dispatcher adds its version and time. */
type Unsent<T> = T extends unknown ? Omit<T, 'version' | 'created'> : never

interface Dispatcher {
  enqueue(event: Unsent<VideoEvent | VideoImportFailedEvent>): void
}

export function createEvents(sandbox: () => Sandbox, dispatcher: Dispatcher): Events {
  const businessPublicId = (db: Db, id: number) =>
    (db.prepare('SELECT public_id FROM businesses WHERE id = ?').get(id) as { public_id: string })
      .public_id

  return {
    // video_updated is sent only once video_created has gone out (section 3.1).
    videoEvent(videoId: number, type: VideoEventType) {
      const sb = sandbox()
      const row = sb.db.prepare('SELECT * FROM videos WHERE id = ?').get(videoId) as
        | VideoRow
        | undefined
      if (!row) return
      if (type === 'video_updated' && row.created_event_sent !== 1) return
      if (type === 'video_created')
        sb.db.prepare('UPDATE videos SET created_event_sent = 1 WHERE id = ?').run(videoId)
      dispatcher.enqueue({
        event_type: type,
        business_id: businessPublicId(sb.db, row.business_id),
        data: snapshot(sb, row),
      })
    },
    importFailed(importId: number) {
      const sb = sandbox()
      const job = sb.db
        .prepare('SELECT public_id, business_id, reason FROM imports WHERE id = ?')
        .get(importId) as { public_id: string; business_id: number; reason: ImportFailureReason }
      dispatcher.enqueue({
        event_type: 'video_import_failed',
        business_id: businessPublicId(sb.db, job.business_id),
        data: { import_id: job.public_id, reason: job.reason },
      })
    },
  }
}

// Section 6.3: a webhook-specific snapshot, not the Video object.
function snapshot(sandbox: Sandbox, row: VideoRow): VideoEventData {
  const [video] = renderVideos(sandbox.db, [row], {
    fields: null,
    publicUrl: sandbox.publicUrl(),
    now: Date.now(),
  })
  if (!video) throw new Error('video vanished while rendering its event')
  const importId =
    row.import_id === null
      ? undefined
      : (
          sandbox.db.prepare('SELECT public_id FROM imports WHERE id = ?').get(row.import_id) as {
            public_id: string
          }
        ).public_id
  return webhookSnapshot(video, row.status, importId)
}

/** The snapshot a video event carries, from the Video the service would answer now. */
export function webhookSnapshot(
  video: Video,
  status: VideoEventData['status'],
  importId?: string,
): VideoEventData {
  return {
    id: video.id,
    status,
    ...(importId ? { import_id: importId } : {}),
    access: video.access,
    audio_disabled: video.audio_disabled,
    caption: video.caption,
    description: video.description,
    hashtags: video.hashtags,
    archived_at: video.archived_at,
    product_ids: video.product_ids,
    custom_fields: video.custom_fields,
    display_social_attributions: video.display_social_attributions ?? false,
    external_media: video.external_media
      ? {
          source: video.external_media.source,
          username: video.external_media.username,
          url: video.external_media.url,
        }
      : null,
    thumbnail_url: video.thumbnail_url,
    video_posters: video.video_posters.map((poster) => ({
      url: poster.url,
      aspect_ratio: poster.aspect_ratio,
      format: poster.format === 'jpg' ? 'jpeg' : poster.format,
      width: poster.width,
      height: poster.height,
    })),
  }
}
