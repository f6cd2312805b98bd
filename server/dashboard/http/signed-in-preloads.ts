import type { MiddlewareHandler } from 'hono'
import type { DashboardEnv } from './context.ts'

// What every signed-in screen asks for first: who is signed in and the channels. Their URLs are
// the ones the app's first requests use, so the browser hands the preloaded answers to them.
const firstRequests = ['/auth/me', '/api/v1/channels'].map(
  (path) => `<${path}>; rel=preload; as=fetch; crossorigin`,
)

/**
 * A signed-in visitor opening a page of the app: the browser is told to start the first screen's
 * shared requests with the page, instead of after the app's scripts have loaded and run (a few
 * hundred milliseconds on a phone), and to connect to where the service's pictures come from
 * (the thumbnails are the largest thing on the first screen). A signed-out visitor gets no hint:
 * those requests would fail.
 */
export function signedInPreloads(
  mediaOrigins: () => readonly string[],
): MiddlewareHandler<DashboardEnv> {
  return async (c, next) => {
    if (c.req.header('sec-fetch-dest') === 'document' && (await c.var.principal())) {
      const connects = mediaOrigins().map((origin) => `<${origin}>; rel=preconnect`)
      c.env.outgoing.setHeader('Link', [...firstRequests, ...connects].join(', '))
    }
    await next()
  }
}
