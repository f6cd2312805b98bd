import type { Context, Hono } from 'hono'
import type {
  PosterBatchUpdate,
  PosterCreate,
  PosterWeightUpdate,
} from '../../../src/api/generated/types.gen.ts'
import { authorize } from '../auth/guard.ts'
import type { Sandbox } from '../context.ts'
import { badRequest, notFound, unprocessable } from '../http/api-error.ts'
import { readJsonObject } from '../http/body.ts'
import { validateBody } from '../http/contract.ts'
import { storeRemoteImage } from '../rules/remote-images.ts'
import { touchVideo } from '../rules/touch-video.ts'
import { videoInPath } from './video-in-path.ts'
import { videoResponse } from './video-response.ts'

export function posterRoutes(app: Hono, sandbox: Sandbox) {
  const { db } = sandbox

  const target = (c: Context) => videoInPath(c, db, authorize(db, c, ['videos:write']))
  const changed = (c: Context, videoId: number, status: 200 | 201) => {
    touchVideo(sandbox, videoId)
    return videoResponse(c, sandbox, videoId, status)
  }
  const findPoster = (videoId: number, publicId: string) => {
    const row = db
      .prepare('SELECT id FROM video_posters WHERE public_id = ? AND video_id = ?')
      .get(publicId, videoId) as { id: number } | undefined
    if (!row) throw notFound('Poster')
    return row.id
  }

  app.post('/api/v1/videos/:video_id/posters', async (c) => {
    const video = target(c)
    const input = validateBody<PosterCreate>('PosterCreate', await readJsonObject(c), { url: 400 })
    if (input.external_id !== undefined) {
      const taken = db
        .prepare('SELECT 1 FROM video_posters WHERE video_id = ? AND external_id = ?')
        .get(video.id, input.external_id)
      if (taken) throw unprocessable('external_id is already used by another poster of this video')
    }
    const image = await storeRemoteImage(
      sandbox,
      input.url,
      ['jpg', 'jpeg', 'png', 'webp'],
      `posters/${video.public_id}-${sandbox.ids()}`,
    )
    db.prepare(
      `INSERT INTO video_posters (public_id, video_id, url, aspect_ratio, format, width, height, poster_type, source, external_id, weight)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      sandbox.ids(),
      video.id,
      image.url,
      image.aspect_ratio,
      image.format,
      image.width,
      image.height,
      input.video_poster_type ?? (image.format === 'gif' ? 'animated' : 'static'),
      input.source ?? 'api',
      input.external_id ?? null,
      input.weight ?? null,
    )
    return changed(c, video.id, 201)
  })

  app.patch('/api/v1/videos/:video_id/posters/:poster_id', async (c) => {
    const video = target(c)
    const input = validateBody<PosterWeightUpdate>('PosterWeightUpdate', await readJsonObject(c))
    const posterId = findPoster(video.id, c.req.param('poster_id'))
    db.prepare('UPDATE video_posters SET weight = ? WHERE id = ?').run(input.weight, posterId)
    return changed(c, video.id, 200)
  })

  // Atomic: every item is resolved and checked before anything is written.
  app.patch('/api/v1/videos/:video_id/posters', async (c) => {
    const video = target(c)
    const input = validateBody<PosterBatchUpdate>('PosterBatchUpdate', await readJsonObject(c))
    const resolved = new Map<number, number>()
    for (const [index, item] of input.posters.entries()) {
      if ((item.id === undefined) === (item.external_id === undefined)) {
        throw badRequest(`posters.${index} must have exactly one of id or external_id`)
      }
      const row = db
        .prepare(
          `SELECT id FROM video_posters WHERE video_id = ? AND ${item.id !== undefined ? 'public_id' : 'external_id'} = ?`,
        )
        .get(video.id, item.id ?? item.external_id) as { id: number } | undefined
      if (!row) throw unprocessable(`posters.${index} does not reference a poster of this video`)
      if (resolved.has(row.id)) throw badRequest(`posters.${index} references a poster twice`)
      resolved.set(row.id, item.weight)
    }
    const update = db.prepare('UPDATE video_posters SET weight = ? WHERE id = ?')
    db.transaction(() => {
      for (const [id, weight] of resolved) update.run(weight, id)
    })()
    return changed(c, video.id, 200)
  })

  app.delete('/api/v1/videos/:video_id/posters/:poster_id', (c) => {
    const video = target(c)
    const posterId = findPoster(video.id, c.req.param('poster_id'))
    db.prepare('DELETE FROM video_posters WHERE id = ?').run(posterId)
    touchVideo(sandbox, video.id)
    return c.body(null, 204)
  })
}
