import type { Hono } from 'hono'
import type { VideoImport } from '../../../src/api/generated/types.gen.ts'
import { authorize } from '../auth/guard.ts'
import type { Sandbox } from '../context.ts'
import { forbidden, notFound } from '../http/api-error.ts'
import { iso, isoOrNull } from '../rules/time.ts'

export function importRoutes(app: Hono, sandbox: Sandbox) {
  const { db } = sandbox
  app.get('/api/v1/videos/imports/:import_id', (c) => {
    const grant = authorize(db, c, ['videos:read'])
    const row = db
      .prepare(
        `SELECT i.*, v.public_id AS video_public_id FROM imports i LEFT JOIN videos v ON v.id = i.video_id WHERE i.public_id = ?`,
      )
      .get(c.req.param('import_id')) as
      | {
          public_id: string
          business_id: number
          status: VideoImport['status']
          reason: VideoImport['reason']
          video_public_id: string | null
          created_at: number
          completed_at: number | null
        }
      | undefined
    if (!row) throw notFound('Import')
    if (row.business_id !== grant.businessId) throw forbidden('No access to this import')
    const body: VideoImport = {
      id: row.public_id,
      status: row.status,
      video_id: row.video_public_id,
      created_at: iso(row.created_at),
      completed_at: isoOrNull(row.completed_at),
      reason: row.reason ?? null,
    }
    return c.json(body)
  })
}
