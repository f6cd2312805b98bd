import { Readable } from 'node:stream'
import type { Hono } from 'hono'
import type { Sandbox } from '../context.ts'
import { StorageError } from '../storage/storage-client.ts'

// Stands in for the service's CDN: public, cacheable, range-capable reads of stored media, so
// browsers can seek in previews without downloading whole files.
export function mediaRoutes(app: Hono, sandbox: Sandbox) {
  app.on(['GET', 'HEAD'], '/cdn/*', async (c) => {
    const key = decodeURIComponent(c.req.path.slice('/cdn/'.length))
    if (!/^(videos|thumbnails|posters|subtitles|uploads|seed)\//.test(key) || key.includes('..')) {
      return c.json({ error: 'Not found' }, 404)
    }
    try {
      const object = await sandbox.storage.getStream(key, c.req.header('range'))
      const headers: Record<string, string> = {
        'Content-Length': String(object.size),
        'Content-Type': object.contentType ?? 'application/octet-stream',
        'Accept-Ranges': 'bytes',
        'Cache-Control': 'public, max-age=31536000, immutable',
        'Access-Control-Allow-Origin': '*',
      }
      if (object.contentRange) headers['Content-Range'] = object.contentRange
      if (c.req.method === 'HEAD') {
        ;(object.stream as Readable).destroy()
        return new Response(null, { status: object.status, headers })
      }
      return new Response(Readable.toWeb(object.stream as Readable) as ReadableStream, {
        status: object.status,
        headers,
      })
    } catch (error) {
      if (error instanceof StorageError && (error.status === 404 || error.code === 'NoSuchKey')) {
        return c.json({ error: 'Not found' }, 404)
      }
      if (error instanceof StorageError && error.status === 416)
        return c.json({ error: 'Range not satisfiable' }, 416)
      throw error
    }
  })

  app.get('/watch/:video_id', (c) => {
    const row = sandbox.db
      .prepare(
        `SELECT public_id, caption, access, storage_key, thumbnail_url, status FROM videos WHERE public_id = ? AND deleted_at IS NULL`,
      )
      .get(c.req.param('video_id')) as
      | {
          public_id: string
          caption: string | null
          access: string
          storage_key: string
          thumbnail_url: string | null
          status: string
        }
      | undefined
    if (!row || row.access === 'private')
      return c.html(
        '<!doctype html><title>Not found</title><p>This video is not available.</p>',
        404,
      )
    const title = escapeHtml(row.caption ?? 'Video')
    const src = `/cdn/${row.storage_key.split('/').map(encodeURIComponent).join('/')}`
    return c.html(`<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${title}</title><body style="margin:0;background:#111;color:#eee;font:16px system-ui;display:grid;place-items:center;min-height:100vh">
<main style="max-width:420px;width:100%"><video controls playsinline style="width:100%;aspect-ratio:9/16;background:#000" src="${src}" ${
      row.thumbnail_url ? `poster="${escapeHtml(row.thumbnail_url)}"` : ''
    }></video><h1 style="font-size:1.1rem">${title}</h1></main></body></html>`)
  })
}

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
}
