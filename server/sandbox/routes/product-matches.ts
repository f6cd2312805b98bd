import type { Context, Hono } from 'hono'
import type {
  ProductMatchAccept,
  ProductMatchingRequest,
} from '../../../src/api/generated/types.gen.ts'
import { authorize } from '../auth/guard.ts'
import type { Sandbox } from '../context.ts'
import { conflict, paymentRequired, unprocessable } from '../http/api-error.ts'
import { readJson, readJsonObject } from '../http/body.ts'
import { validateBody } from '../http/contract.ts'
import { acceptMatches, renderMatchList } from '../rules/product-matches.ts'
import { touchVideo } from '../rules/touch-video.ts'
import { videoInPath } from './video-in-path.ts'

export function productMatchRoutes(app: Hono, sandbox: Sandbox) {
  const { db } = sandbox
  const video = (c: Context, scope: 'videos:read' | 'videos:write') => {
    const grant = authorize(db, c, [scope])
    return { grant, video: videoInPath(c, db, grant) }
  }

  app.get('/api/v1/videos/:video_id/product_matches', (c) => {
    return c.json(renderMatchList(db, video(c, 'videos:read').video.id, sandbox.publicUrl()))
  })

  app.post('/api/v1/videos/:video_id/product_matches', async (c) => {
    const { grant, video: target } = video(c, 'videos:write')
    const body = await readJson(c)
    const input =
      body === undefined ? {} : validateBody<ProductMatchingRequest>('ProductMatchingRequest', body)
    const running = db
      .prepare(`SELECT 1 FROM matching_jobs WHERE video_id = ? AND status = 'in_progress'`)
      .get(target.id)
    if (running) throw conflict('A matching job for this video is already in progress')
    const now = Date.now()
    // The quota is spent when a job starts, so concurrent starts cannot overdraw it.
    const spent = db
      .prepare(
        'UPDATE businesses SET matching_used = matching_used + 1 WHERE id = ? AND matching_used < matching_quota',
      )
      .run(grant.businessId)
    if (spent.changes === 0)
      throw paymentRequired('The product-matching quota (max_product_matching) is used up')
    db.prepare(
      `INSERT INTO matching_jobs (video_id, status, auto_accept, run_after, created_at) VALUES (?, 'in_progress', ?, ?, ?)`,
    ).run(target.id, input.auto_accept ? 1 : 0, now + 2000 / sandbox.config.timeScale, now)
    sandbox.workers.pokeMatching()
    return c.json(renderMatchList(db, target.id, sandbox.publicUrl()), 202)
  })

  app.post('/api/v1/videos/:video_id/product_matches/accept', async (c) => {
    const { video: target } = video(c, 'videos:write')
    const input = validateBody<ProductMatchAccept>('ProductMatchAccept', await readJsonObject(c))
    const matched = new Map(
      (
        db
          .prepare(
            'SELECT p.public_id, p.id FROM product_matches m JOIN products p ON p.id = m.product_id WHERE m.video_id = ?',
          )
          .all(target.id) as Array<{ public_id: string; id: number }>
      ).map((row) => [row.public_id, row.id]),
    )
    const ids = input.product_ids.map((publicId) => {
      const id = matched.get(publicId)
      if (id === undefined)
        throw unprocessable(`Product ${publicId} is not among this video's matches`)
      return id
    })
    db.transaction(() => acceptMatches(db, target.id, ids, Date.now()))()
    touchVideo(sandbox, target.id)
    return c.json(renderMatchList(db, target.id, sandbox.publicUrl()))
  })
}
