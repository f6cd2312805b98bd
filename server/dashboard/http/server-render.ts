import { readFile, stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { constants, createBrotliCompress, createGzip } from 'node:zlib'
import { type Render, themeCookie } from '../../../src/api/server-render.ts'
import { readCookie } from '../auth/cookies.ts'
import { preferredEncoding } from './accept-encoding.ts'

/**
 * The page rendered on the server: the library, the screen opened most often. Other screens, the
 * home page `/` among them, render in the browser as before (decision 0018).
 */
const libraryPath = '/videos'
/**
 * The library's table view shows dates in the visitor's locale and time zone, which the server
 * does not know (its markup would not match the browser's): it renders in the browser. So does a
 * list the dashboard's index answers (its filters), which the render does not ask.
 */
const indexFilters = ['product', 'variant', 'untagged', 'attention', 'state']
const rendersOnServer = (path: string, query: string | undefined) => {
  const search = new URLSearchParams(query)
  return (
    path === libraryPath &&
    search.get('view') !== 'table' &&
    !indexFilters.some((name) => search.has(name))
  )
}

/**
 * A theme chosen in the account menu goes on <html> before anything paints; the app's script,
 * which would set it, runs after the first paint here.
 */
const withChosenTheme = (head: string, req: IncomingMessage) => {
  const theme = readCookie(req, themeCookie)
  return theme === 'dark' || theme === 'light'
    ? head.replace(/<html\b/, `<html class="${theme}"`)
    : head
}

export interface ServerRenderOptions {
  /** The browser's build, whose `index.html` is the page's frame. */
  distDir: string
  /** The server render's build (`vite build --ssr`); without its `entry-server.js`, none. */
  ssrDir: string
  /** Where this server answers on loopback, once it listens. */
  loopbackOrigin: () => string | null
  /** Past it, the page goes out with an empty root and the browser renders it as before. */
  deadlineMs?: number
  /** Renders at once; a navigation beyond them is left to the browser. */
  maxConcurrent?: number
  onOutcome: (outcome: 'rendered' | 'fallback' | 'busy') => void
  onError: (error: unknown) => void
}

// The headers the loaders' loopback calls carry from the visitor's request: who they are, and
// what a trusted proxy said about how they came (the session cookie's name depends on it).
const forwardedHeaders = ['cookie', 'x-forwarded-proto', 'x-forwarded-for'] as const

/**
 * Renders a signed-in navigation to the library on the server, so its first screen's markup and
 * data come with the HTML and the browser hydrates them. Answers false when it did not answer (no
 * server build, not such a navigation, too many renders at once): the static `index.html` answers
 * then. The page's head (its stylesheet) is sent before the render
 * starts, so the browser fetches it meanwhile; a render that fails or passes its deadline ends with
 * an empty root, and the browser renders the page as before.
 */
export async function createServerRender(options: ServerRenderOptions) {
  const entry = join(options.ssrDir, 'entry-server.js')
  if (!(await stat(entry).catch(() => null))?.isFile()) return null
  const { render } = (await import(pathToFileURL(entry).href)) as { render: Render }
  const template = await readFile(join(options.distDir, 'index.html'), 'utf8')
  // The app's script moves from the head to the end of the body, after the markup and its data:
  // the browser asks for it only once the markup has arrived, so it is neither fetched nor
  // compiled while the server renders, and runs (deferred) once the page is parsed, after the
  // markup has had its chance to paint (decision 0018).
  const script = /<script type="module"[^>]*><\/script>\s*/.exec(template)?.[0]
  const [head = '', tail] = template.replace(script ?? '', '').split('<div id="root"></div>')
  if (!script || tail === undefined)
    throw new Error(`${options.distDir}/index.html has no module script or no empty #root`)
  const end = `${script.trim()}${tail}`
  const deadlineMs = options.deadlineMs ?? 1_000
  const maxConcurrent = options.maxConcurrent ?? 8
  let running = 0

  return async function serverRender(
    req: IncomingMessage,
    res: ServerResponse,
    signedIn: () => Promise<boolean>,
  ): Promise<boolean> {
    const url = req.url ?? '/'
    const [path, query] = url.split('?', 2)
    const origin = options.loopbackOrigin()
    if (
      req.method !== 'GET' ||
      req.headers['sec-fetch-dest'] !== 'document' ||
      !req.headers.cookie ||
      !rendersOnServer(path ?? '', query) ||
      !origin ||
      !(await signedIn())
    )
      return false
    if (running >= maxConcurrent) {
      options.onOutcome('busy')
      return false
    }
    running++
    try {
      await respond(req, res, url, origin)
    } finally {
      running--
    }
    return true
  }

  async function respond(req: IncomingMessage, res: ServerResponse, url: string, origin: string) {
    // The data comes in the page: preloading it again would be requests nobody reads.
    const link = res.getHeader('Link')
    if (typeof link === 'string') {
      const kept = link.split(', ').filter((hint) => hint.includes('rel=preconnect'))
      if (kept.length) res.setHeader('Link', kept.join(', '))
      else res.removeHeader('Link')
    }
    const encoding = preferredEncoding(req.headers['accept-encoding'])
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      // One person's library: never kept by a shared cache, never shown to the next visitor.
      'Cache-Control': 'no-store',
      Vary: 'Cookie, Accept-Encoding',
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    })
    const body =
      encoding === 'br'
        ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : encoding === 'gzip'
          ? createGzip({ level: 6 })
          : null
    body?.pipe(res)
    const out = body ?? res
    out.write(withChosenTheme(head, req))
    body?.flush()

    const headers: Record<string, string> = {}
    for (const name of forwardedHeaders) {
      const value = req.headers[name]
      if (typeof value === 'string') headers[name] = value
    }
    const stop = new AbortController()
    res.once('close', () => stop.abort())
    // A timer of its own, not AbortSignal.timeout joined by AbortSignal.any: Node 20 lets the
    // garbage collector take such a timeout (nodejs/node#57736), and a render waiting on a slow
    // call then held the page open, its head sent and no markup, past its deadline.
    const deadline = setTimeout(
      () => stop.abort(new DOMException('the server render passed its deadline', 'TimeoutError')),
      deadlineMs,
    )
    const signal = stop.signal
    let root = '<div id="root"></div>'
    try {
      const result = await render({ url, origin, headers, signal })
      if (result.kind === 'page' && !signal.aborted) {
        root = `<div id="root">${result.html}</div><script type="application/json" id="query-state">${result.state}</script>`
        options.onOutcome('rendered')
      } else options.onOutcome('fallback')
    } catch (error) {
      options.onOutcome('fallback')
      if (!signal.aborted) options.onError(error)
    } finally {
      clearTimeout(deadline)
    }
    out.end(`${root}${end}`)
  }
}
