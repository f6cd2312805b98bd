import type { Hono } from 'hono'
import type { ChannelList } from '../../../src/api/generated/types.gen.ts'
import { authorize } from '../auth/guard.ts'
import type { Sandbox } from '../context.ts'
import type { ChannelRow } from '../rules/access.ts'

export function channelRoutes(app: Hono, sandbox: Sandbox) {
  const { db } = sandbox
  app.get('/api/v1/channels', (c) => {
    const grant = authorize(db, c, ['channels:read'])
    const rows = db
      .prepare('SELECT * FROM channels WHERE business_id = ? ORDER BY id')
      .all(grant.businessId) as ChannelRow[]
    const business = db
      .prepare('SELECT public_id FROM businesses WHERE id = ?')
      .get(grant.businessId) as {
      public_id: string
    }
    const body: ChannelList = {
      channels: rows.map((row) => ({
        id: row.public_id,
        name: row.name,
        locale: row.locale,
        business_id: business.public_id,
        username: row.username,
        country: row.country,
        avatar_url: row.avatar_url,
        bio: row.bio,
      })),
    }
    return c.json(body)
  })
}
