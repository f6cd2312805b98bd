import type { Hono } from 'hono'
import type {
  BusinessStore,
  BusinessStoreCreate,
  BusinessStoreList,
  BusinessStoreUpdate,
} from '../../../src/api/generated/types.gen.ts'
import { authorize } from '../auth/guard.ts'
import type { Grant } from '../auth/tokens.ts'
import type { Sandbox } from '../context.ts'
import { badRequest, forbidden, unprocessable } from '../http/api-error.ts'
import { readJsonObject } from '../http/body.ts'
import { validateBody } from '../http/contract.ts'
import { cursorPage } from '../http/cursor-page.ts'
import { publicIdPattern } from '../ids.ts'
import { findStore, type StoreRow } from '../rules/access.ts'

const readScopes = ['business_stores:read', 'products:read'] as const
const immutableFields = ['provider', 'uid', 'business_id', 'store_type']

export function storeRoutes(app: Hono, sandbox: Sandbox) {
  const { db } = sandbox

  const businessPublicId = (id: number) =>
    (db.prepare('SELECT public_id FROM businesses WHERE id = ?').get(id) as { public_id: string })
      .public_id

  const detail = (row: StoreRow): BusinessStore => ({
    id: row.public_id,
    name: row.name,
    url: row.url,
    currency: row.currency,
    provider: row.provider as BusinessStore['provider'],
    store_type: row.store_type as BusinessStore['store_type'],
    uid: row.uid,
    business_id: businessPublicId(row.business_id),
  })

  // business_id is optional for app tokens and must then name the token's own business.
  const checkBusiness = (grant: Grant, value: string | undefined) => {
    if (value === undefined) return
    if (!publicIdPattern.test(value)) throw badRequest('Malformed business_id')
    if (value !== businessPublicId(grant.businessId)) throw forbidden('No access to this business')
  }

  app.get('/api/v1/business_stores', (c) => {
    const grant = authorize(db, c, readScopes)
    const query = c.req.query()
    checkBusiness(grant, query.business_id)
    const page = cursorPage<StoreRow>(db, {
      query,
      path: '/api/v1/business_stores',
      keep: ['business_id'],
      from: 'stores',
      where: 'business_id = @business AND deleted_at IS NULL',
      params: { business: grant.businessId },
    })
    const body: BusinessStoreList = {
      stores: page.rows.map(({ public_id, name, url, currency, provider, store_type }) => ({
        id: public_id,
        name,
        url,
        currency,
        provider: provider as BusinessStore['provider'],
        store_type: store_type as BusinessStore['store_type'],
      })),
      links: { next: page.next },
      pagination: { cursor: page.cursor, has_more: page.hasMore },
      paging: { next: page.next ? `${sandbox.publicUrl()}${page.next}` : null },
    }
    return c.json(body)
  })

  app.get('/api/v1/business_stores/:store_id', (c) => {
    const grant = authorize(db, c, readScopes)
    return c.json(detail(findStore(db, grant, c.req.param('store_id'))))
  })

  app.post('/api/v1/business_stores', async (c) => {
    const grant = authorize(db, c, ['business_stores:write'])
    const input = validateBody<BusinessStoreCreate>('BusinessStoreCreate', await readJsonObject(c))
    checkBusiness(grant, input.business_id)
    if ((input.provider ?? 'local') !== 'local')
      throw unprocessable('Only local stores can be created through the API')
    if (input.uid !== undefined && uidTaken(grant.businessId, input.uid)) {
      throw unprocessable('uid is already used by another store of this business')
    }
    const { lastInsertRowid } = db
      .prepare(
        `INSERT INTO stores (public_id, business_id, name, url, currency, provider, store_type, uid)
         VALUES (?, ?, ?, ?, ?, 'local', 'store', ?)`,
      )
      .run(
        sandbox.ids(),
        grant.businessId,
        input.name,
        input.url ?? null,
        input.currency,
        input.uid ?? null,
      )
    return c.json(
      detail(db.prepare('SELECT * FROM stores WHERE id = ?').get(lastInsertRowid) as StoreRow),
      201,
    )
  })

  app.patch('/api/v1/business_stores/:store_id', async (c) => {
    const grant = authorize(db, c, ['business_stores:write'])
    const store = findStore(db, grant, c.req.param('store_id'))
    const body = await readJsonObject(c)
    const immutable = immutableFields.find(
      (field) => body && typeof body === 'object' && field in body,
    )
    if (immutable) throw unprocessable(`${immutable} cannot be changed`)
    const input = validateBody<BusinessStoreUpdate>('BusinessStoreUpdate', body)
    const columns = Object.entries(input).filter(([, value]) => value !== undefined)
    if (columns.length > 0) {
      db.prepare(
        `UPDATE stores SET ${columns.map(([key]) => `${key} = @${key}`).join(', ')} WHERE id = @id`,
      ).run({
        ...Object.fromEntries(columns),
        id: store.id,
      })
    }
    return c.json(detail(db.prepare('SELECT * FROM stores WHERE id = ?').get(store.id) as StoreRow))
  })

  app.delete('/api/v1/business_stores/:store_id', (c) => {
    const grant = authorize(db, c, ['business_stores:write'])
    const store = findStore(db, grant, c.req.param('store_id'))
    if (store.assistant_linked) {
      throw unprocessable(
        'The store has products linked to a domain assistant; remove those associations first',
      )
    }
    db.prepare('UPDATE stores SET deleted_at = ? WHERE id = ?').run(Date.now(), store.id)
    return c.body(null, 204)
  })

  function uidTaken(businessId: number, uid: string) {
    return !!db
      .prepare('SELECT 1 FROM stores WHERE business_id = ? AND uid = ? AND deleted_at IS NULL')
      .get(businessId, uid)
  }
}
