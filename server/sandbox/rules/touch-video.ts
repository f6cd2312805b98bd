import type { Sandbox } from '../context.ts'

/**
 * Records a change to a video's metadata or state: `updated_at` moves on and, once
 * `video_created` has gone out, `video_updated` is sent (document 1 sections 3.1 and 6.1). Every
 * write to an existing video ends here; soft delete does not (it sends no event).
 */
export function touchVideo(sandbox: Pick<Sandbox, 'db' | 'events'>, videoId: number): void {
  // Strictly later than the previous change, even when two land in the same millisecond.
  sandbox.db
    .prepare('UPDATE videos SET updated_at = max(?, updated_at + 1) WHERE id = ?')
    .run(Date.now(), videoId)
  sandbox.events.videoEvent(videoId, 'video_updated')
}
