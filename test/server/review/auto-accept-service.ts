import {
  type ServiceClient,
  ServiceReadError,
} from '../../../server/dashboard/forwarding/service-client.ts'
import type {
  Product,
  ProductMatch,
  ProductMatchList,
} from '../../../src/api/generated/types.gen.ts'

/** One video as the fake service keeps it: its matching job, its matches and its tags. */
interface FakeVideo {
  status: ProductMatchList['status']
  matches: ProductMatch[]
  tags: string[]
}

const product = (id: string): Product => ({
  id,
  name: `Product ${id}`,
  handle: null,
  description: null,
  category: 'Shoes',
  currency: 'EUR',
  brand: null,
  subtitle: null,
  business_store_id: 'store-main',
  external_id: null,
  options: [],
  units: [],
  images: [],
  shipping: null,
  hide_price: false,
  custom_cta: null,
})

/**
 * The service's matching as the documents describe it (4.12), in memory: a job runs until
 * `complete`, then its suggestions wait; the accept's listed products become accepted, every
 * other match rejected, and accepted products are added to the video's tags (none removed).
 * Every write is counted, and the next ones can be refused.
 */
export function createFakeMatchingService() {
  const videos = new Map<string, FakeVideo>()
  const accepts: Array<{ videoId: string; productIds: string[] }> = []
  const refusals: ServiceReadError[] = []
  let requests = 0
  const videoOf = (path: string) => decodeURIComponent(path.split('/')[4] ?? '')

  const client: ServiceClient = {
    get requests() {
      return requests
    },
    async get<T>(path: string) {
      requests++
      const video = videos.get(videoOf(path))
      return (video ? { status: video.status, matches: structuredClone(video.matches) } : null) as T
    },
    async post<T>(path: string, body?: unknown) {
      requests++
      const refusal = refusals.shift()
      if (refusal) throw refusal
      const videoId = videoOf(path)
      const video = videos.get(videoId)
      if (!video || !path.endsWith('/product_matches/accept')) throw new Error(`unexpected ${path}`)
      const productIds = (body as { product_ids: string[] }).product_ids
      accepts.push({ videoId, productIds })
      const at = new Date().toISOString()
      for (const match of video.matches) {
        match.status = productIds.includes(match.product.id) ? 'accepted' : 'rejected'
        match.updated_at = at
        if (match.status === 'accepted' && !video.tags.includes(match.product.id))
          video.tags.push(match.product.id)
      }
      return { status: video.status, matches: structuredClone(video.matches) } as T
    },
    patch: () => Promise.reject(new Error('not used')),
    put: () => Promise.reject(new Error('not used')),
    delete: () => Promise.reject(new Error('not used')),
  }

  return {
    client,
    accepts,
    /** A video with tags of its own and a job running. */
    start(videoId: string, tags: string[] = []) {
      const video = videos.get(videoId) ?? { status: 'none', matches: [], tags }
      video.status = 'in_progress'
      videos.set(videoId, video)
    },
    /** The job ends with these suggestions (product id and score); earlier matches stay. */
    complete(videoId: string, suggestions: Array<[string, number]>) {
      const video = videos.get(videoId)
      if (!video) throw new Error(`no job on ${videoId}`)
      const at = new Date().toISOString()
      for (const [productId, score] of suggestions)
        video.matches.push({
          id: `match-${videoId}-${productId}`,
          status: 'pending',
          product: product(productId),
          matching_score: score,
          created_at: at,
          updated_at: at,
        })
      video.status = 'completed'
    },
    /** A match accepted earlier on the video, its product tagged then. */
    accepted(videoId: string, productId: string) {
      const video = videos.get(videoId)
      if (!video) throw new Error(`no video ${videoId}`)
      video.matches.push({
        id: `match-${videoId}-${productId}`,
        status: 'accepted',
        product: product(productId),
        matching_score: 90,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      if (!video.tags.includes(productId)) video.tags.push(productId)
    },
    tagsOf: (videoId: string) => videos.get(videoId)?.tags ?? [],
    /** The next write is refused with this status (and Retry-After). */
    refuseNext(status: number, retryAfterMs: number | null = null) {
      refusals.push(
        new ServiceReadError(`The service answered ${status}`, status, null, retryAfterMs),
      )
    },
  }
}
