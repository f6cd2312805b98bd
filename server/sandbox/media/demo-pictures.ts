import type { IncomingMessage, ServerResponse } from 'node:http'
import { demoPicturePattern } from '../seed/product-images.ts'
import { renderProductPicture } from './product-picture.ts'

const prefix = '/cdn/demo/products/'

/**
 * The demo catalog's pictures, answered before the API's router. A page of catalog results asks
 * for two dozen at once, on the thread the next search's request waits for: through Hono's
 * Request and Response each took about as long again as drawing it (docs/benchmarking.md,
 * bench:catalog). The pictures drawn last are kept, so a page seen again costs only the writes.
 */
export function createDemoPictures(capacity = 2_000) {
  const kept = new Map<string, Buffer>()
  const pictureOf = (name: string) => {
    const found = kept.get(name)
    if (found) {
      // Map keeps insertion order: moved to the end, it is the last to be dropped.
      kept.delete(name)
      kept.set(name, found)
      return found
    }
    const drawn = renderProductPicture(name)
    kept.set(name, drawn)
    if (kept.size > capacity) kept.delete(kept.keys().next().value as string)
    return drawn
  }
  /** Answers a request for a demo picture and says true; anything else is left to the app. */
  return function answerDemoPicture(req: IncomingMessage, res: ServerResponse): boolean {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url?.startsWith(prefix))
      return false
    const name = demoPicturePattern.exec(req.url.split('?', 1)[0] ?? '')?.[1]
    if (!name) return false
    const picture = pictureOf(name)
    res.writeHead(200, {
      'Content-Length': String(picture.length),
      'Content-Type': 'image/png',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Access-Control-Allow-Origin': '*',
    })
    res.end(req.method === 'HEAD' ? undefined : picture)
    return true
  }
}
