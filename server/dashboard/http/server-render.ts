import { readFile, stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { preferredEncoding } from './accept-encoding.ts'

type Render = (request: {
  url: string
  cookie: string
  origin: string
}) => Promise<
  | { kind: 'page'; html: string; state: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'none' }
>

/** Paths the app shows to anyone: rendered in the browser as before (nothing to load for them). */
const publicPaths = new Set(['/sign-in', '/invite', '/reset-password'])

/**
 * Renders a signed-in navigation to one of the app's pages on the server, so the first screen's
 * markup and data come with the HTML and the browser hydrates them (SPIKE, issue 20). Answers
 * false when it did not answer: no server build, not a page navigation, or a render that failed,
 * in which case the static `index.html` answers as before.
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

  return async function serverRender(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = req.url ?? '/'
    const path = url.split('?', 1)[0] ?? '/'
    const origin = loopbackOrigin()
    if (
      req.method !== 'GET' ||
      req.headers['sec-fetch-dest'] !== 'document' ||
      !req.headers.cookie ||
      publicPaths.has(path) ||
      path.split('/').pop()?.includes('.') ||
      !origin
    )
      return false
    let result: Awaited<ReturnType<Render>>
    try {
      result = await render({ url, cookie: req.headers.cookie, origin })
    } catch (error) {
      onError(error)
      return false
    }
    if (result.kind === 'none') return false
    if (result.kind === 'redirect') {
      res.writeHead(302, { Location: result.location, 'Cache-Control': 'no-store' }).end()
      return true
    }
    // The data is in the page: preloading it again would be requests nobody reads.
    const link = res.getHeader('Link')
    if (typeof link === 'string') {
      const kept = link.split(', ').filter((hint) => hint.includes('rel=preconnect'))
      if (kept.length) res.setHeader('Link', kept.join(', '))
      else res.removeHeader('Link')
    }
    const page = `${head}<div id="root">${result.html}</div><script type="application/json" id="query-state">${result.state}</script>${tail}`
    const encoding = preferredEncoding(req.headers['accept-encoding'])
    const body =
      encoding === 'br'
        ? await promisify(brotliCompress)(page, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
          })
        : encoding === 'gzip'
          ? await promisify(gzip)(page, { level: 6 })
          : Buffer.from(page)
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      // One person's library: never kept by a shared cache, never shown to the next visitor.
      'Cache-Control': 'no-store',
      Vary: 'Cookie, Accept-Encoding',
      'Content-Length': String(body.length),
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    })
    res.end(body)
    return true
  }
}
