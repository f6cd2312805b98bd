import type { Context, Hono } from 'hono'
import type {
  Download,
  DownloadUrlsRequest,
  DownloadUrlsResponse,
} from '../../../src/api/generated/types.gen.ts'
import { authorize } from '../auth/guard.ts'
import type { Sandbox } from '../context.ts'
import { notFound, paymentRequired } from '../http/api-error.ts'
import { readJsonObject } from '../http/body.ts'
import { validateBody } from '../http/contract.ts'
import { findVideo } from '../rules/access.ts'
import type { VideoRow } from '../rules/video-view.ts'
import { videoInPath } from './video-in-path.ts'

export function downloadRoutes(app: Hono, sandbox: Sandbox) {
  const { db } = sandbox

  const entitled = (c: Context) => {
    const grant = authorize(db, c, ['videos:read'])
    const business = db
      .prepare('SELECT content_download FROM businesses WHERE id = ?')
      .get(grant.businessId) as {
      content_download: number
    }
    if (business.content_download !== 1)
      throw paymentRequired('The subscription does not include content_download')
    return grant
  }

  const record = (row: VideoRow): Download => ({
    download_url:
      row.status === 'approved' && row.storage_key
        ? `${sandbox.publicUrl()}/cdn/${row.storage_key}`
        : '',
    format: row.storage_key ? (row.storage_key.endsWith('.mov') ? 'mov' : 'mp4') : null,
    width: row.width,
    height: row.height,
    duration: row.duration,
  })

  app.get('/api/v1/videos/:video_id/download', (c) => {
    const grant = entitled(c)
    const body = record(videoInPath(c, db, grant))
    if (!body.download_url) throw notFound('Downloadable rendition')
    return c.json(body)
  })

  // The whole batch fails if any video is missing or belongs to another business.
  app.post('/api/v1/videos/download_urls', async (c) => {
    const grant = entitled(c)
    const input = validateBody<DownloadUrlsRequest>(
      'DownloadUrlsRequest',
      await readJsonObject(c),
      {
        ...Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`video_ids.${i}`, 400])),
      },
    )
    const rows = input.video_ids.map((id) => findVideo(db, grant, id))
    const body: DownloadUrlsResponse = {
      videos: rows.map((row) => {
        const item = record(row)
        return { id: row.public_id, ...item, download_url: item.download_url || null }
      }),
    }
    return c.json(body)
  })
}
