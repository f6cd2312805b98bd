import type { ServerResponse } from 'node:http'

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

// The real service's CDN and storage hosts are not documented, so any https origin is allowed,
// plus the service's own origin in case it is plain http (another machine's sandbox).
export function remoteOrigins(serviceBaseUrl: string): ServiceOrigins {
  const service = new URL(serviceBaseUrl).origin
  return { media: ['https:', service], storage: ['https:', service] }
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
      ...origins.media,
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

export function setSecurityHeaders(res: ServerResponse, contentSecurityPolicy: string): void {
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
  res.setHeader('X-Frame-Options', 'DENY')
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
  res.setHeader('Content-Security-Policy', contentSecurityPolicy)
}
