import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

/** An answer the proxy gives in the service's place, the next `times` requests that match. */
export interface Fault {
  method: string
  path: RegExp
  status: number
  error?: string
  /** The whole answer, in place of `{error}`. */
  body?: unknown
  headers?: Record<string, string>
  times: number
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })

/**
 * A loopback proxy in front of the sandbox, where the dashboard's service is: it passes every
 * request on, except those a test told it to answer itself (a 429 with Retry-After, a 4xx with
 * the service's `{error}`), as the service may. It notes each request it saw.
 */
export async function startServiceProxy(serviceUrl: string) {
  const faults: Fault[] = []
  const holds: { method: string; path: RegExp; released: Promise<void> }[] = []
  const seen: { method: string; path: string; status: number }[] = []
  const server = createServer(async (req, res) => {
    const body = await readBody(req)
    const method = req.method ?? 'GET'
    const path = req.url ?? '/'
    const hold = holds.find(
      (each) => each.method === method && each.path.test(path.split('?')[0] ?? ''),
    )
    if (hold) await hold.released
    const fault = faults.find(
      (each) =>
        each.times > 0 && each.method === method && each.path.test(path.split('?')[0] ?? ''),
    )
    if (fault) {
      fault.times--
      seen.push({ method, path, status: fault.status })
      res.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers })
      res.end(JSON.stringify(fault.body ?? { error: fault.error ?? 'Refused by the test' }))
      return
    }
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name))
        headers.set(name, value)
    const answer = await fetch(`${serviceUrl}${path}`, {
      method,
      headers,
      ...(body.length > 0 ? { body: new Uint8Array(body) } : {}),
    })
    seen.push({ method, path, status: answer.status })
    const text = Buffer.from(await answer.arrayBuffer())
    const out: Record<string, string> = {}
    answer.headers.forEach((value, name) => {
      if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name))
        out[name] = value
    })
    res.writeHead(answer.status, out)
    res.end(text)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    /** Requests seen, in order, with the status each was answered. */
    seen,
    fail(fault: Fault) {
      faults.push(fault)
    },
    clear() {
      faults.length = 0
    },
    /** Holds the requests that match until the function it answers is called. */
    hold(method: string, path: RegExp): () => void {
      let release = () => {}
      const released = new Promise<void>((resolve) => {
        release = resolve
      })
      const entry = { method, path, released }
      holds.push(entry)
      return () => {
        holds.splice(holds.indexOf(entry), 1)
        release()
      }
    },
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type ServiceProxy = Awaited<ReturnType<typeof startServiceProxy>>
