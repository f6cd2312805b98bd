import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A loopback site behind a session cookie, as the dashboard is: every request without
 * `__Host-session=ok` among its cookies is answered 401. Its page writes a cookie of its own (as the
 * library writes `library-channel`) and then asks `/api/data`; `/api/broken` answers 500.
 */
export interface SignedInSite {
  url: string
  /** Each request answered 401 or 5xx: status, then path. */
  refused: string[]
  close(): Promise<void>
}

const page = (api: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Signed in</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>Signed in</h1><p id="answer">waiting</p></main>
<script>
  document.cookie = 'library-channel=first; path=/; SameSite=Lax'
  fetch('${api}')
    .then((response) => response.text().then(() => response.status))
    .then((status) => {
      document.getElementById('answer').textContent = String(status)
    })
</script></body></html>`

export async function startSignedInSite(): Promise<SignedInSite> {
  const refused: string[] = []
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://site').pathname
    const signedIn = (request.headers.cookie ?? '').split(/;\s*/).includes('__Host-session=ok')
    const answer = (status: number, type: string, body: string) => {
      if (status === 401 || status >= 500) refused.push(`${status} ${path}`)
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' })
      response.end(body)
    }
    if (!signedIn) return answer(401, 'text/plain', 'sign in first')
    if (path === '/' || path === '/broken')
      return answer(200, 'text/html', page(path === '/' ? '/api/data' : '/api/broken'))
    if (path === '/api/data') return answer(200, 'application/json', '{"ok":true}')
    if (path === '/api/broken') return answer(500, 'application/json', '{"ok":false}')
    return answer(404, 'text/plain', 'not here')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    refused,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
