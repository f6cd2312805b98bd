import type { Context } from 'hono'
import type { Grant } from '../auth/tokens.ts'
import type { Db } from '../db/open.ts'
import { findVideo } from '../rules/access.ts'
import type { VideoRow } from '../rules/video-view.ts'

/**
 * The video named by the path's `{video_id}`, for a caller already authenticated with the
 * operation's scope: 404 when it does not exist or was deleted, 403 when it belongs to another
 * business (document 1 sections 5 and 7). Grants are per business, so the business is the whole
 * check: any channel of the caller's business is the caller's.
 */
export function videoInPath(c: Context, db: Db, grant: Grant): VideoRow {
  return findVideo(db, grant, c.req.param('video_id') ?? '')
}
