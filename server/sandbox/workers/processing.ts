import type { Sandbox } from '../context.ts'
import { renderPlaceholderThumbnail } from '../media/thumbnail.ts'
import { inspectStoredVideo, VideoRejected } from '../rules/video-inspection.ts'

interface PendingVideo {
  id: number
  public_id: string
  storage_key: string
  import_id: number | null
}

// Stands in for transcoding: reads the stored container, enforces the limits, gives the video a
// thumbnail, and announces the outcome with video_created (section 3.1).
export async function processDueVideos(sandbox: Sandbox): Promise<boolean> {
  const due = sandbox.db
    .prepare(
      `SELECT id, public_id, storage_key, import_id FROM videos
       WHERE status = 'pending' AND process_after <= ? AND deleted_at IS NULL ORDER BY process_after LIMIT 4`,
    )
    .all(Date.now()) as PendingVideo[]
  for (const video of due) await processVideo(sandbox, video)
  return due.length === 4
}

async function processVideo(sandbox: Sandbox, video: PendingVideo) {
  const { db } = sandbox
  const now = () => Date.now()
  try {
    const inspection = await inspectStoredVideo(sandbox, video.storage_key)
    const thumbnailKey = `thumbnails/${video.public_id}.png`
    await sandbox.storage.putObject(
      thumbnailKey,
      renderPlaceholderThumbnail(video.public_id),
      'image/png',
    )
    db.prepare(
      `UPDATE videos SET status = 'approved', duration = ?, width = ?, height = ?, size_bytes = ?,
         thumbnail_url = coalesce(thumbnail_url, ?), updated_at = ? WHERE id = ?`,
    ).run(
      inspection.duration,
      inspection.width,
      inspection.height,
      inspection.size,
      `/cdn/${thumbnailKey}`,
      now(),
      video.id,
    )
    if (video.import_id !== null) {
      db.prepare(`UPDATE imports SET status = 'completed', completed_at = ? WHERE id = ?`).run(
        now(),
        video.import_id,
      )
    }
  } catch (error) {
    if (!(error instanceof VideoRejected))
      sandbox.config.log(`processing ${video.public_id}: ${(error as Error).message}`)
    const reason = error instanceof VideoRejected ? error.reason : 'internal_error'
    db.prepare(`UPDATE videos SET status = 'errored', updated_at = ? WHERE id = ?`).run(
      now(),
      video.id,
    )
    if (video.import_id !== null) {
      db.prepare(
        `UPDATE imports SET status = 'errored', reason = ?, completed_at = ? WHERE id = ?`,
      ).run(reason, now(), video.import_id)
    }
  }
  sandbox.events.videoEvent(video.id, 'video_created')
}
