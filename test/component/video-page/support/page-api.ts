import type { Product, Video } from '@/api/generated/types.gen'
import { fakeApi, json, type Routes, refuse } from '../../support/fake-api'
import { makeProduct } from '../../support/fixtures'

/** The tagged product with the video's tagged variant (`un_Aurora1a`). */
export const taggedProduct = (): Product =>
  makeProduct({
    units: [
      {
        id: 'un_Aurora1a',
        name: 'Size 42',
        position: 0,
        options: [],
        url: null,
        price: 120,
        original_price: null,
        quantity: 4,
        sku: 'AUR-001-42',
        external_id: 'aur-001-42',
        gtin: null,
        mpn: null,
        barcode: null,
      },
    ],
  })

// What the whole page reads: the video, its products (one unknown) and the store they are in, no
// subtitles, and a download record the plan does not include (402), plus any routes the test adds.
export function pageApi(video: Video, routes: Routes = {}) {
  return fakeApi({
    [`GET /api/v1/videos/${video.id}`]: () => json(video),
    'GET /api/v1/products/pr_Aurora1': () => json(taggedProduct()),
    // The variant's product, found by the variant's id (the assumed id search).
    'GET /api/v1/products': () =>
      json({
        products: [taggedProduct()],
        links: { next: null },
        pagination: { cursor: null, has_more: false },
      }),
    'GET /api/v1/business_stores': () =>
      json({
        stores: [
          {
            id: 'st_Main',
            name: 'Aurora Main Store',
            url: null,
            currency: 'EUR',
            provider: 'local',
            store_type: 'store',
          },
        ],
        links: { next: null },
        pagination: { cursor: null, has_more: false },
      }),
    [`GET /api/v1/videos/${video.id}/subtitles`]: () => json({ subtitles: [] }),
    [`GET /api/v1/videos/${video.id}/download`]: () =>
      refuse(402, 'The subscription does not include content_download'),
    ...routes,
  })
}
