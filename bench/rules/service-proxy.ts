import { Agent, createServer, type IncomingMessage, request } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A write the dashboards sent the service, as the service answered it. */
export interface ServiceWrite {
  method: string
  path: string
  // biome-ignore lint/suspicious/noExplicitAny: the body is read by the tally
  body: any
  status: number
  /** When the proxy got the request, and when the service's answer had come back in full. */
  sentAt: number
  answeredAt: number
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })

function noted(
  method: string,
  url: string | undefined,
  body: Buffer | null,
  status: number,
  sentAt: number,
): ServiceWrite {
  let parsed: unknown = null
  try {
    parsed = body && body.length > 0 ? JSON.parse(body.toString('utf8')) : null
  } catch {
    parsed = null
  }
  const path = (url ?? '/').split('?')[0] ?? '/'
  return { method, path, body: parsed, status, sentAt, answeredAt: Date.now() }
}

/**
 * Where the replicas reach the service: a loopback proxy in front of the sandbox that passes
 * everything on (reads streamed, so the index's backfill is not held in memory) and notes every
 * write with its body, its status and when the service's answer came back. The writes are what
 * happened at the service, counted apart from what the dashboards' traces say.
 */
export async function startServiceProxy(serviceUrl: string) {
  const target = new URL(serviceUrl)
  const agent = new Agent({ keepAlive: true, maxSockets: 64 })
  const writes: ServiceWrite[] = []
  /** When each request came and how long the service took to answer it (to its headers), by kind. */
  const answers = new Map<string, { at: number; ms: number }[]>()
  const server = createServer(async (req, res) => {
    const method = req.method ?? 'GET'
    const sentAt = Date.now()
    const writing = method !== 'GET' && method !== 'HEAD'
    const body = writing ? await readBody(req) : null
    const headers = { ...req.headers, host: target.host }
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method,
        path: req.url,
        headers: body ? { ...headers, 'content-length': String(body.length) } : headers,
        agent,
      },
      (answer) => {
        // Noted as soon as the service has answered: a replica killed meanwhile never reads the
        // answer, but the write happened at the service all the same.
        if (writing) writes.push(noted(method, req.url, body, answer.statusCode ?? 0, sentAt))
        const path = (req.url ?? '').split('?')[0] ?? ''
        const kind = `${method} ${path.replace(/\/(videos|playlists|products)\/[^/]+/g, '/$1/:id')}`
        const list = answers.get(kind) ?? []
        list.push({ at: sentAt, ms: Date.now() - sentAt })
        answers.set(kind, list)
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
        res.once('close', () => answer.resume())
      },
    )
    upstream.once('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: `The proxy could not reach the sandbox: ${error.message}` }))
    })
    if (body) upstream.end(body)
    else req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    writes,
    answers,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      agent.destroy()
    },
  }
}

export type ServiceProxy = Awaited<ReturnType<typeof startServiceProxy>>
