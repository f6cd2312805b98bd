import type { Hono } from 'hono'
import type {
  ProductList,
  ProductUpsert,
  ProductVideoList,
} from '../../../src/api/generated/types.gen.ts'
import { authorize } from '../auth/guard.ts'
import type { Sandbox } from '../context.ts'
import { badRequest } from '../http/api-error.ts'
import { readJsonObject } from '../http/body.ts'
import { validateBody } from '../http/contract.ts'
import { parseBoolean } from '../http/cursor.ts'
import { cursorPage } from '../http/cursor-page.ts'
import { findProduct, findStore } from '../rules/access.ts'
import { upsertProduct } from '../rules/product-upsert.ts'
import { renderProducts } from '../rules/product-view.ts'
import { renderVideos, type VideoRow } from '../rules/video-view.ts'

export function productRoutes(app: Hono, sandbox: Sandbox) {
  const { db } = sandbox

  app.get('/api/v1/products', (c) => {
    const grant = authorize(db, c, ['products:read'])
    const query = c.req.query()
    if (!query.business_store_id) throw badRequest('business_store_id is required')
    const store = findStore(db, grant, query.business_store_id)
    const params: Record<string, unknown> = { store: store.id }
    let where = 'store_id = @store'
    if (query.q !== undefined && query.q !== '') {
      if (query.q.length > 200) throw badRequest('q must be at most 200 characters')
      // Assumed: an encoded product or variant id finds its product too (a video's variant tags
      // name only the variant).
      where +=
        ' AND (instr(search_text, @q) > 0 OR public_id = @exact OR id IN (SELECT product_id FROM product_units WHERE public_id = @exact))'
      params.q = query.q.toLowerCase()
      params.exact = query.q
    }
    const page = cursorPage<{ id: number }>(db, {
      query,
      path: '/api/v1/products',
      keep: ['business_store_id', 'q'],
      from: 'products',
      select: 'id',
      where,
      params,
    })
    const body: ProductList = {
      products: renderProducts(
        db,
        page.rows.map((row) => row.id),
        sandbox.publicUrl(),
      ),
      links: { next: page.next },
      pagination: { cursor: page.cursor, has_more: page.hasMore },
    }
    return c.json(body)
  })

  app.get('/api/v1/products/:product_id', (c) => {
    const grant = authorize(db, c, ['products:read'])
    const product = findProduct(db, grant, c.req.param('product_id'))
    return c.json(renderProducts(db, [product.id], sandbox.publicUrl())[0])
  })

  app.post('/api/v1/products', async (c) => {
    const grant = authorize(db, c, ['products:write'])
    const input = validateBody<ProductUpsert>('ProductUpsert', await readJsonObject(c), {
      business_store_id: 400,
    })
    const store = findStore(db, grant, input.business_store_id)
    const result = db.transaction(() =>
      upsertProduct(db, sandbox.ids, store.id, store.currency, input),
    )()
    return c.json(
      renderProducts(db, [result.productId], sandbox.publicUrl())[0],
      result.created ? 201 : 200,
    )
  })

  // Live videos tagged with the product (a product or one of its units), newest listing first;
  // unpublished and archived videos are hidden from product lookups.
  app.get('/api/v1/products/:product_id/videos', (c) => {
    const grant = authorize(db, c, ['products:read'])
    const product = findProduct(db, grant, c.req.param('product_id'))
    const query = c.req.query()
    const hidden = parseBoolean(query.hidden, 'hidden')
    const params: Record<string, unknown> = { product: product.id, now: Date.now() }
    let where = `product_id = @product AND listing.deleted_at IS NULL AND listing.archived_at IS NULL
      AND listing.published_at IS NOT NULL AND listing.published_at <= @now`
    if (hidden !== undefined) {
      where += ' AND hidden = @hidden'
      params.hidden = hidden ? 1 : 0
    }
    const page = cursorPage<{ id: number; video_id: number; hidden: number }>(db, {
      query,
      path: `/api/v1/products/${product.public_id}/videos`,
      keep: ['hidden'],
      from: `(SELECT min(vp.id) AS id, vp.video_id, max(vp.hidden) AS hidden, vp.product_id, v.deleted_at, v.archived_at, v.published_at
              FROM video_products vp JOIN videos v ON v.id = vp.video_id GROUP BY vp.video_id, vp.product_id) listing`,
      select: 'id, video_id, hidden',
      where,
      params,
    })
    const rows = page.rows.map(
      (row) => db.prepare('SELECT * FROM videos WHERE id = ?').get(row.video_id) as VideoRow,
    )
    const videos = renderVideos(db, rows, {
      fields: null,
      publicUrl: sandbox.publicUrl(),
      now: Date.now(),
    })
    const body: ProductVideoList = {
      videos: videos.map((video, index) => ({ ...video, hidden: page.rows[index]?.hidden === 1 })),
      links: { next: page.next },
      pagination: { cursor: page.cursor, has_more: page.hasMore },
    }
    return c.json(body)
  })
}
