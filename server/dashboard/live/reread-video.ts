import type { Video, VideoEvent } from '../../../src/api/generated/types.gen.ts'
import type { ServiceEvent, UnreadVideoEvent } from '../../../src/api/service-event.ts'
import type { Log } from '../ops/logger.ts'

export interface VideoRereadOptions {
  /** GET /videos/{id}: null when the service no longer has the video; rejects if it cannot say. */
  read: (videoId: string) => Promise<Video | null>
  /** The index, when it runs: reads the video again itself, resolving once it is saved. */
  index: () => { reread(videoId: string): Promise<void> } | null
  /** Sends an event to the open streams (every replica's). */
  publish: (event: ServiceEvent) => Promise<void>
  log: Log
  now?: () => number
}

/**
 * For an event that names a video but cannot be read in full: the index reads the video again,
 * then the open streams get the event the service would send for the video as it is now. Runs in
 * the background (the delivery is answered at once); a failure is logged, and the index's next
 * reconcile corrects what it missed.
 */
export function createVideoReread(options: VideoRereadOptions) {
  const now = options.now ?? Date.now
  async function reread(event: UnreadVideoEvent) {
    const id = event.data.id
    await options.index()?.reread(id)
    const video = await options.read(id)
    if (!video) {
      options.log('the video an unreadable webhook names is gone from the service', { videoId: id })
      return
    }
    await options.publish(eventFromVideo(event, video, now()))
  }
  return (event: UnreadVideoEvent) => {
    reread(event).catch((error: unknown) =>
      options.log('the video an unreadable webhook names could not be read again', {
        videoId: event.data.id,
        error: String(error),
      }),
    )
  }
}

/** The event (document 1, 6.3) for `video` as the service answers it now. */
export function eventFromVideo(event: UnreadVideoEvent, video: Video, nowMs: number): VideoEvent {
  return {
    event_type: event.event_type === 'video_created' ? 'video_created' : 'video_updated',
    version: event.version ?? '2023-06-06',
    created: event.created ?? Math.floor(nowMs / 1000),
    business_id: event.business_id ?? '',
    data: {
      id: video.id,
      // The Video has no processing status: the event's if readable, else approved, the only
      // status the documents send video_updated for (3.1).
      status: event.data.status ?? 'approved',
      ...(event.data.import_id ? { import_id: event.data.import_id } : {}),
      access: video.access,
      audio_disabled: video.audio_disabled,
      caption: video.caption,
      description: video.description,
      hashtags: video.hashtags,
      archived_at: video.archived_at,
      product_ids: video.product_ids,
      custom_fields: video.custom_fields,
      display_social_attributions: video.display_social_attributions,
      external_media: video.external_media && {
        source: video.external_media.source,
        username: video.external_media.username,
        url: video.external_media.url,
      },
      thumbnail_url: video.thumbnail_url,
      video_posters: video.video_posters.map(({ url, aspect_ratio, format, width, height }) => ({
        url,
        aspect_ratio,
        format,
        width,
        height,
      })),
    },
  }
}
