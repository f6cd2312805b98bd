import type { Hono } from 'hono'
import type { VideoUpdate } from '../../../src/api/generated/types.gen.ts'
import { authorize } from '../auth/guard.ts'
import type { Sandbox } from '../context.ts'
import { unprocessable } from '../http/api-error.ts'
import { readJsonObject } from '../http/body.ts'
import { validateBody } from '../http/contract.ts'
import { touchVideo } from '../rules/touch-video.ts'
import {
  fetchPosterFromUrl,
  metadataColumns,
  replacePosters,
  storeForTagging,
  writeColumns,
  writeTagging,
} from '../rules/video-metadata.ts'
import { videoInPath } from './video-in-path.ts'
import { videoResponse } from './video-response.ts'

// Section 4.5: only supplied fields change; tags, custom fields and posters follow 4.4's rules.
export function videoUpdateRoute(app: Hono, sandbox: Sandbox) {
  const { db } = sandbox

  app.patch('/api/v1/videos/:video_id', async (c) => {
    const grant = authorize(db, c, ['videos:write'])
    const video = videoInPath(c, db, grant)
    const body = await readJsonObject(c)
    if (body && typeof body === 'object' && 'content_generation_type' in body) {
      throw unprocessable('content_generation_type cannot be changed after creation')
    }
    const input = validateBody<VideoUpdate>('VideoUpdate', body)
    const columns = metadataColumns(input, video)
    const storeId =
      input.product_ids !== undefined ||
      input.variant_ids !== undefined ||
      input.video_hidden !== undefined
        ? storeForTagging(sandbox, grant, input.business_store_id)
        : null
    const poster = await fetchPosterFromUrl(sandbox, video.public_id, input.poster_url)
    db.transaction(() => {
      writeColumns(sandbox, video.id, columns)
      writeTagging(sandbox, video.id, storeId, input, Date.now())
      if (input.poster_url !== undefined) replacePosters(sandbox, video.id, poster)
    })()
    touchVideo(sandbox, video.id)
    return videoResponse(c, sandbox, video.id, 200)
  })
}
