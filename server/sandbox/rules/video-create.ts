import type { VideoCreateJson } from '../../../src/api/generated/types.gen.ts'
import type { Sandbox } from '../context.ts'
import { unprocessable } from '../http/api-error.ts'
import { refuseOutsidePublishWindow } from './publish-window.ts'
import {
  type fetchPosterFromUrl,
  metadataColumns,
  replacePosters,
  writeColumns,
  writeTagging,
} from './video-metadata.ts'

export type CreateInput = VideoCreateJson

// Section 3.2: publish defaults to true (live now); publish false is a draft and then published_at
// must be omitted; a published_at schedules within the 28-day horizon.
export function publicationTime(input: CreateInput, now: number): number | null {
  if (input.publish === false) {
    if (input.published_at !== undefined)
      throw unprocessable('published_at must be omitted when publish is false')
    return null
  }
  return input.published_at ? refuseOutsidePublishWindow(input.published_at, now) : now
}

export interface NewVideo {
  publicId: string
  businessId: number
  channelId: number
  storageKey: string
  storeId: number | null
  importId?: number
  input: CreateInput
  publishedAt: number | null
  poster: Awaited<ReturnType<typeof fetchPosterFromUrl>>
}

export function processingDelayMs(sandbox: Sandbox) {
  return 3000 / sandbox.config.timeScale
}

export function insertVideo(sandbox: Sandbox, video: NewVideo): number {
  const now = Date.now()
  const columns = metadataColumns(video.input, null)
  return sandbox.db.transaction(() => {
    const { lastInsertRowid } = sandbox.db
      .prepare(
        `INSERT INTO videos (public_id, business_id, channel_id, status, published_at, content_generation_type,
           creation_details, storage_key, import_id, process_after, created_at, updated_at)
         VALUES (?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        video.publicId,
        video.businessId,
        video.channelId,
        video.publishedAt,
        video.input.content_generation_type ?? null,
        video.input.creation_details ? JSON.stringify(video.input.creation_details) : null,
        video.storageKey,
        video.importId ?? null,
        now + processingDelayMs(sandbox),
        now,
        now,
      )
    const id = Number(lastInsertRowid)
    writeColumns(sandbox, id, columns)
    writeTagging(sandbox, id, video.storeId, video.input, now)
    if (video.poster) replacePosters(sandbox, id, video.poster)
    return id
  })()
}
