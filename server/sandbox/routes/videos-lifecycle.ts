import type { Context, Hono } from 'hono'
import type { PublishRequest } from '../../../src/api/generated/types.gen.ts'
import { authorize } from '../auth/guard.ts'
import type { Sandbox } from '../context.ts'
import { readJson } from '../http/body.ts'
import { validateBody } from '../http/contract.ts'
import { refuseOutsidePublishWindow } from '../rules/publish-window.ts'
import { touchVideo } from '../rules/touch-video.ts'
import { videoInPath } from './video-in-path.ts'
import { videoResponse } from './video-response.ts'

// Sections 3.2, 3.3 and 4.8: delete, archive, unarchive, publish and unpublish.
export function videoLifecycleRoutes(app: Hono, sandbox: Sandbox) {
  const { db } = sandbox

  const writable = (c: Context) => videoInPath(c, db, authorize(db, c, ['videos:write']))

  app.delete('/api/v1/videos/:video_id', (c) => {
    const video = writable(c)
    db.prepare('UPDATE videos SET deleted_at = ? WHERE id = ?').run(Date.now(), video.id)
    return c.body(null, 204)
  })

  app.post('/api/v1/videos/:video_id/archive', (c) => {
    const video = writable(c)
    db.prepare('UPDATE videos SET archived_at = coalesce(archived_at, ?) WHERE id = ?').run(
      Date.now(),
      video.id,
    )
    touchVideo(sandbox, video.id)
    return videoResponse(c, sandbox, video.id, 200)
  })

  app.post('/api/v1/videos/:video_id/unarchive', (c) => {
    const video = writable(c)
    db.prepare('UPDATE videos SET archived_at = NULL WHERE id = ?').run(video.id)
    touchVideo(sandbox, video.id)
    return videoResponse(c, sandbox, video.id, 200)
  })

  app.post('/api/v1/videos/:video_id/publish', async (c) => {
    const video = writable(c)
    const body = await readJson(c)
    const input =
      body === undefined
        ? {}
        : validateBody<PublishRequest>('PublishRequest', body, { published_at: 422 })
    const now = Date.now()
    const at = input.published_at ? refuseOutsidePublishWindow(input.published_at, now) : now
    db.prepare('UPDATE videos SET published_at = ? WHERE id = ?').run(at, video.id)
    touchVideo(sandbox, video.id)
    return videoResponse(c, sandbox, video.id, 200)
  })

  app.post('/api/v1/videos/:video_id/unpublish', (c) => {
    const video = writable(c)
    db.prepare('UPDATE videos SET published_at = NULL WHERE id = ?').run(video.id)
    touchVideo(sandbox, video.id)
    return videoResponse(c, sandbox, video.id, 200)
  })
}
