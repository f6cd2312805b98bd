import { readFile, stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { constants, createBrotliCompress, createGzip } from 'node:zlib'
import { preferredEncoding } from './accept-encoding.ts'

type Render = (request: { url: string; cookie: string; origin: string }) => Promise<
  | {
      kind: 'page'
      html: string
      state: string
      timings: { loadMs: number; renderMs: number }
    }
  | { kind: 'redirect'; location: string }
  | { kind: 'none' }
>

/** Paths the app shows to anyone: rendered in the browser as before (nothing to load for them). */
const publicPaths = new Set(['/sign-in', '/invite', '/reset-password'])

/**
 * Renders a signed-in navigation to one of the app's pages on the server, so the first screen's
 * markup and data come with the HTML and the browser hydrates them (SPIKE, issue 20). Answers
 * false when it did not answer: no server build, not a signed-in page navigation, in which case
 * the static `index.html` answers as before. The page's head (stylesheet and script) is sent
 * before the render starts, so the browser fetches them while the server loads and renders; a
 * render that fails then sends an empty root, and the browser renders the page as before.
 */
export async function createServerRender(
  distDir: string,
  loopbackOrigin: () => string | null,
  onError: (error: unknown) => void,
) {
  const entry = join(`${distDir}-ssr`, 'entry-server.js')
  if (!(await stat(entry).catch(() => null))?.isFile()) return null
  const { render } = (await import(pathToFileURL(entry).href)) as { render: Render }
  const template = await readFile(join(distDir, 'index.html'), 'utf8')
  const [head, tail] = template.split('<div id="root"></div>')
  if (tail === undefined) throw new Error(`${distDir}/index.html has no empty #root to render into`)

  return async function serverRender(
    req: IncomingMessage,
    res: ServerResponse,
    signedIn: () => Promise<boolean>,
  ): Promise<boolean> {
    const url = req.url ?? '/'
    const path = url.split('?', 1)[0] ?? '/'
    const origin = loopbackOrigin()
    if (
      req.method !== 'GET' ||
      req.headers['sec-fetch-dest'] !== 'document' ||
      !req.headers.cookie ||
      publicPaths.has(path) ||
      path === '/' ||
      path.split('/').pop()?.includes('.') ||
      !origin ||
      !(await signedIn())
    )
      return false
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
    out.write(head)
    body?.flush()
    let root = '<div id="root"></div>'
    try {
      const result = await render({ url, cookie: req.headers.cookie, origin })
      if (result.kind === 'page') {
        const { loadMs, renderMs } = result.timings
        root = `<div id="root" data-server-ms="${loadMs.toFixed(0)}+${renderMs.toFixed(0)}">${result.html}</div><script type="application/json" id="query-state">${result.state}</script>`
      }
    } catch (error) {
      onError(error)
    }
    out.end(`${root}${tail}`)
    return true
  }
}
