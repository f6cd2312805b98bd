import type { IncomingMessage, ServerResponse } from 'node:http'
import * as z from 'zod/mini'
import { productSorts } from '../../../src/api/merch-index.ts'
import type { DashboardDb } from '../db/database.ts'
import { csvLine } from '../http/csv.ts'
import { sendJson } from '../http/json-response.ts'
import { liveVideosWithoutProduct, productsWithoutLiveVideo } from './coverage.ts'
import { parseQuery } from './parse-query.ts'

const pageQuery = {
  channel_id: z.string().check(z.minLength(1)),
  offset: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 0),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(500)), 50),
  format: z._default(z.enum(['json', 'csv']), 'json'),
}
const productsQuery = z.object({
  ...pageQuery,
  sort: z._default(z.enum(productSorts), 'name'),
  order: z._default(z.enum(['asc', 'desc']), 'asc'),
})
const videosQuery = z.object(pageQuery)

// A CSV export is every row, not a page.
const everyRow = 1_000_000

function sendCsv(
  res: ServerResponse,
  name: string,
  header: string[],
  rows: (string | number | null)[][],
) {
  res.writeHead(200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${name}.csv"`,
    'Cache-Control': 'no-store',
  })
  res.write(csvLine(header))
  for (const row of rows) res.write(csvLine(row))
  res.end()
}

/**
 * Coverage (issue 21): the store's products no live video shows, and the live videos that show
 * no product, each sortable and paged, or as CSV.
 */
export function createCoverageRoutes(db: DashboardDb) {
  return {
    async products(_req: IncomingMessage, res: ServerResponse, url: URL) {
      const query = parseQuery(productsQuery, Object.fromEntries(url.searchParams), res)
      if (!query) return
      const csv = query.format === 'csv'
      const found = await productsWithoutLiveVideo(db, {
        channelId: query.channel_id,
        sort: query.sort,
        descending: query.order === 'desc',
        offset: csv ? 0 : query.offset,
        limit: csv ? everyRow : query.limit,
      })
      if (!csv) return sendJson(res, 200, found)
      sendCsv(
        res,
        'products-without-live-video',
        [
          'product_id',
          'name',
          'brand',
          'category',
          'price_min',
          'price_max',
          'currency',
          'quantity',
          'store_id',
        ],
        found.products.map((p) => [
          p.id,
          p.name,
          p.brand,
          p.category,
          p.price_min,
          p.price_max,
          p.currency,
          p.quantity,
          p.store_id,
        ]),
      )
    },
    async videos(_req: IncomingMessage, res: ServerResponse, url: URL) {
      const query = parseQuery(videosQuery, Object.fromEntries(url.searchParams), res)
      if (!query) return
      const csv = query.format === 'csv'
      const found = await liveVideosWithoutProduct(db, {
        channelId: query.channel_id,
        offset: csv ? 0 : query.offset,
        limit: csv ? everyRow : query.limit,
      })
      if (!csv) return sendJson(res, 200, found)
      sendCsv(
        res,
        'live-videos-without-product',
        ['video_id', 'caption', 'published_at', 'duration'],
        found.videos.map((v) => [v.id, v.caption, v.published_at, v.duration]),
      )
    },
  }
}

export type CoverageRoutes = ReturnType<typeof createCoverageRoutes>
