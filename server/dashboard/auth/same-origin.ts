import type { IncomingMessage } from 'node:http'
import type { MiddlewareHandler } from 'hono'
import { type DashboardEnv, refuse } from '../http/context.ts'
import { crossSiteRefusal, safeMethods } from './request-checks.ts'

/** Sign-in is posted by scripts too, which send neither header (see crossSiteRefusal). */
const lenient = new Set(['/auth/sign-in'])

/**
 * State changes come only from the dashboard's own pages (same-origin `Origin` or
 * `Sec-Fetch-Site`, and `X-Dashboard-Request: 1`), and data is read only by them: a sibling
 * site's script could otherwise make the browser send the session along. A signed-in person's
 * refused request is recorded: it is what a cross-site attack on them looks like.
 */
export function sameOrigin(originOf: (req: IncomingMessage) => string) {
  const middleware: MiddlewareHandler<DashboardEnv> = async (c, next) => {
    const path = c.req.path
    // The app's files are only ever read (the static server refuses anything else), and the
    // service's webhooks are signed.
    const endpoint = path === '/events' || /^\/(api|auth)(\/|$)/.test(path)
    if (!endpoint) return next()
    const req = c.env.incoming
    const readsData = path === '/events' || path === '/api' || path.startsWith('/api/')
    const site = req.headers['sec-fetch-site']
    let refusal: string | null = null
    if (readsData && site !== undefined && site !== 'same-origin' && site !== 'none')
      refusal = 'Requests from other sites are refused'
    else if (!safeMethods.has(req.method ?? 'GET'))
      refusal = crossSiteRefusal(req, originOf(req), lenient.has(path) ? 'lenient' : 'strict')
    if (!refusal) return next()
    if (await c.var.principal()) c.set('audit', { operation: 'dashboard.crossSiteRefused' })
    return refuse(c, 403, refusal)
  }
  return middleware
}
