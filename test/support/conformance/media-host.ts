import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ServedFile {
  body: Buffer | string
  contentType: string
  /** Omit Content-Length (chunked transfer), which URL imports must refuse. */
  chunked?: boolean
  status?: number
}

/**
 * An HTTP server the service under test fetches from (imports, posters, subtitle URLs). Files
 * are registered by path; anything else answers 404.
 */
export interface MediaHost {
  /** Registers a file and returns the URL the service should fetch. */
  serve(path: string, file: ServedFile): string
  /** The URL of a path (registered or not). */
  url(path: string): string
  /** Paths requested so far, in order. */
  readonly requests: string[]
  close(): Promise<void>
}

export async function startMediaHost(options: { publicUrl?: string; port?: number } = {}) {
  const files = new Map<string, ServedFile>()
  const requests: string[] = []
  const server = createServer((req: IncomingMessage, res) => {
    const path = new URL(req.url ?? '/', 'http://host').pathname
    requests.push(path)
    const file = files.get(path)
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' })
      res.end('not found')
      return
    }
    const body = typeof file.body === 'string' ? Buffer.from(file.body) : file.body
    const headers: Record<string, string | number> = { 'content-type': file.contentType }
    if (!file.chunked) headers['content-length'] = body.length
    res.writeHead(file.status ?? 200, headers)
    if (req.method === 'HEAD') {
      res.end()
      return
    }
    if (file.chunked) {
      // Two writes without a length force chunked transfer encoding.
      res.write(body.subarray(0, Math.floor(body.length / 2)))
      res.end(body.subarray(Math.floor(body.length / 2)))
    } else {
      res.end(body)
    }
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const base = (options.publicUrl ?? `http://127.0.0.1:${port}`).replace(/\/+$/, '')
  const url = (path: string) => `${base}${path.startsWith('/') ? path : `/${path}`}`
  const host: MediaHost = {
    serve(path, file) {
      const normalized = path.startsWith('/') ? path : `/${path}`
      files.set(normalized, file)
      return url(normalized)
    },
    url,
    requests,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
  return host
}
