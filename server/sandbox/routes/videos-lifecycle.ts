import type { Context, Hono } from 'hono'
import type { PublishRequest, VideoUpdate } from '../../../src/api/generated/types.gen.ts'
import { authorize } from '../auth/guard.ts'
import type { Grant } from '../auth/tokens.ts'
import type { Sandbox } from '../context.ts'
import { unprocessable } from '../http/api-error.ts'
import { readJson, readJsonObject } from '../http/body.ts'
import { validateBody } from '../http/contract.ts'
import { refuseOutsidePublishWindow } from '../rules/publish-window.ts'
import {
  fetchPosterFromUrl,
  metadataColumns,
  replacePosters,
  storeForTagging,
  writeColumns,
  writeTagging,
} from '../rules/video-metadata.ts'
import { loadVideoRow } from '../rules/video-view.ts'
import { videoInPath } from './video-in-path.ts'
import { videoResponse } from './video-response.ts'

export function videoLifecycleRoutes(app: Hono, sandbox: Sandbox) {
  const { db } = sandbox

  const respond = (c: Context, videoId: number) => videoResponse(c, sandbox, videoId, 200)

  // Changes made after video_created was sent are announced as video_updated (section 3.1).
  const changed = (videoId: number) => {
    db.prepare('UPDATE videos SET updated_at = ? WHERE id = ?').run(Date.now(), videoId)
    sandbox.events.videoEvent(videoId, 'video_updated')
  }

  const writable = (c: Context): { grant: Grant; videoId: number } => {
    const grant = authorize(db, c, ['videos:write'])
    return { grant, videoId: videoInPath(c, db, grant).id }
  }

  app.patch('/api/v1/videos/:video_id', async (c) => {
    const { grant, videoId } = writable(c)
    const body = await readJsonObject(c)
    if (body && typeof body === 'object' && 'content_generation_type' in body) {
      throw unprocessable('content_generation_type cannot be changed after creation')
    }
    const input = validateBody<VideoUpdate>('VideoUpdate', body)
    const current = loadVideoRow(db, videoId)
    const columns = metadataColumns(input, current)
    const storeId =
      input.product_ids !== undefined ||
      input.variant_ids !== undefined ||
      input.video_hidden !== undefined
        ? storeForTagging(sandbox, grant, input.business_store_id)
        : null
    const poster = await fetchPosterFromUrl(sandbox, current.public_id, input.poster_url)
    db.transaction(() => {
      writeColumns(sandbox, videoId, columns)
      writeTagging(sandbox, videoId, storeId, input, Date.now())
      if (input.poster_url !== undefined) replacePosters(sandbox, videoId, poster)
    })()
    changed(videoId)
    return respond(c, videoId)
  })

  app.delete('/api/v1/videos/:video_id', (c) => {
    const { videoId } = writable(c)
    db.prepare('UPDATE videos SET deleted_at = ? WHERE id = ?').run(Date.now(), videoId)
    return c.body(null, 204)
  })

  app.post('/api/v1/videos/:video_id/archive', (c) => {
    const { videoId } = writable(c)
    db.prepare('UPDATE videos SET archived_at = coalesce(archived_at, ?) WHERE id = ?').run(
      Date.now(),
      videoId,
    )
    changed(videoId)
    return respond(c, videoId)
  })

  app.post('/api/v1/videos/:video_id/unarchive', (c) => {
    const { videoId } = writable(c)
    db.prepare('UPDATE videos SET archived_at = NULL WHERE id = ?').run(videoId)
    changed(videoId)
    return respond(c, videoId)
  })

  app.post('/api/v1/videos/:video_id/publish', async (c) => {
    const { videoId } = writable(c)
    const body = await readJson(c)
    const input =
      body === undefined
        ? {}
        : validateBody<PublishRequest>('PublishRequest', body, { published_at: 422 })
    const now = Date.now()
    const at = input.published_at ? refuseOutsidePublishWindow(input.published_at, now) : now
    db.prepare('UPDATE videos SET published_at = ? WHERE id = ?').run(at, videoId)
    changed(videoId)
    return respond(c, videoId)
  })

  app.post('/api/v1/videos/:video_id/unpublish', (c) => {
    const { videoId } = writable(c)
    db.prepare('UPDATE videos SET published_at = NULL WHERE id = ?').run(videoId)
    changed(videoId)
    return respond(c, videoId)
  })
}
