import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A loopback HTTP server with one route per behaviour the fetcher must handle. */
export async function startLoopbackFileServer() {
  const hung = new Set<ServerResponse>()
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://placeholder')
    const chain = url.pathname.match(/^\/chain\/(\d+)$/)
    if (chain) {
      const left = Number(chain[1])
      res.writeHead(302, { location: left > 0 ? `/chain/${left - 1}` : '/ok' }).end()
      return
    }
    switch (url.pathname) {
      case '/ok':
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': '5' })
        res.end('hello')
        return
      case '/poster.png':
        res
          .writeHead(200, { 'content-type': 'image/png' })
          .end(Buffer.from([0x89, 0x50, 0x4e, 0x47]))
        return
      case '/redirect':
        res.writeHead(301, { location: '/ok' }).end()
        return
      case '/redirect-to':
        res.writeHead(307, { location: url.searchParams.get('to') ?? '/' }).end()
        return
      case '/no-location':
        res.writeHead(302).end()
        return
      case '/big-declared':
        res.writeHead(200, { 'content-length': '1000' }).end(Buffer.alloc(1000))
        return
      case '/big-streamed':
        streamChunks(res, 10, 100)
        return
      case '/truncated':
        res.writeHead(200, { 'content-length': '100' })
        res.write(Buffer.alloc(10), () => res.destroy())
        return
      case '/slow-body':
        res.writeHead(200, { 'content-type': 'video/mp4' })
        res.write(Buffer.alloc(10))
        hung.add(res)
        return
      case '/hang':
        hung.add(res)
        return
      default:
        res.writeHead(404).end('not found')
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

function streamChunks(res: ServerResponse, count: number, size: number): void {
  res.writeHead(200, { 'content-type': 'application/octet-stream' })
  let sent = 0
  const timer = setInterval(() => {
    if (res.destroyed || sent === count) {
      clearInterval(timer)
      if (!res.destroyed) res.end()
      return
    }
    res.write(Buffer.alloc(size))
    sent++
  }, 5)
}
