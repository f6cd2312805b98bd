import type { IncomingMessage, ServerResponse } from 'node:http'
import type { MiddlewareHandler } from 'hono'
import type { DashboardEnv } from './context.ts'

/** Where the page may load media from and send requests to, besides its own origin. */
export interface ServiceOrigins {
  /** Thumbnails, posters and video: the service's CDN. */
  media: string[]
  /** Direct uploads: the storage endpoint of the upload signatures. */
  storage: string[]
}

export function sandboxOrigins(sandboxUrl: string, storageEndpoint?: string): ServiceOrigins {
  const sandbox = new URL(sandboxUrl).origin
  return {
    media: [sandbox],
    storage: [storageEndpoint ? new URL(storageEndpoint).origin : sandbox],
  }
}

// The real service's CDN and storage hosts are not documented, so the operator names them
// (SERVICE_STORAGE_ORIGINS); the page may send requests only there and to the service's origin.
// Images and video may come from any https address: they run no code.
export function remoteOrigins(
  serviceBaseUrl: string,
  storageOrigins: readonly string[] = [],
): ServiceOrigins {
  const service = new URL(serviceBaseUrl).origin
  return { media: ['https:', service], storage: [service, ...storageOrigins] }
}

export function appContentSecurityPolicy(
  mode: 'production' | 'development',
  origins: ServiceOrigins,
): string {
  // Vite's development server injects inline scripts (the React refresh preamble) and styles and
  // talks to its HMR client over a WebSocket.
  const development = mode === 'development'
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(development ? ["'unsafe-inline'", "'unsafe-eval'"] : [])],
    'style-src': ["'self'", ...(development ? ["'unsafe-inline'"] : [])],
    // Any web address for images: a poster is previewed from the address the marketer typed
    // before the service fetches it. Images run no code.
    'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:', ...origins.media],
    'media-src': ["'self'", 'blob:', ...origins.media],
    'font-src': ["'self'", 'data:'],
    // The CDN too: subtitle tracks are read as text (SubRip becomes WebVTT for the player).
    'connect-src': [
      "'self'",
      ...origins.storage,
      ...origins.media.filter((source) => source.includes('//')),
      ...(development ? ['ws:', 'wss:'] : []),
    ],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  }
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ')
}

/** JSON from the API is data, never a document. */
export const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'; sandbox"

// Nothing the dashboard uses; a script injected through some other hole gets none of them either.
// Only features Chromium knows: an unknown one (bluetooth) is reported on every page's console.
const permissionsPolicy = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=()'

export function setSecurityHeaders(
  res: ServerResponse,
  contentSecurityPolicy: string,
  https = false,
): void {
  if (https) res.setHeader('Strict-Transport-Security', 'max-age=31536000')
  res.setHeader('Permissions-Policy', permissionsPolicy)
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
  res.setHeader('X-Frame-Options', 'DENY')
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
  res.setHeader('Content-Security-Policy', contentSecurityPolicy)
}

/**
 * Sets the headers on every answer, before any handler writes: the app's policy on pages, the
 * API's (data, never a document) on everything a script reads.
 */
export function securityHeaders(options: {
  appPolicy: () => string
  https: (req: IncomingMessage) => boolean
}): MiddlewareHandler<DashboardEnv> {
  return async (c, next) => {
    const path = c.req.path
    const data =
      path === '/api' ||
      path.startsWith('/api/') ||
      path === '/events' ||
      path.startsWith('/webhooks/') ||
      ['/healthz', '/readyz', '/metrics'].includes(path)
    setSecurityHeaders(
      c.env.outgoing,
      data ? apiContentSecurityPolicy : options.appPolicy(),
      options.https(c.env.incoming),
    )
    await next()
  }
}
