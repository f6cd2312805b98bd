import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export const SIGNATURE_HEADER = 'service-webhooks-signature'

export interface Delivery {
  headers: IncomingHttpHeaders
  /** The body exactly as received. */
  raw: Buffer
  // biome-ignore lint/suspicious/noExplicitAny: webhook payloads are checked by the assertions
  body: any
  receivedAt: number
  /** The status this receiver answered. */
  answered: number
}

export interface WebhookReceiver {
  url: string
  deliveries: Delivery[]
  /** Decides the answer for each delivery (default 200). */
  respondWith(decide: (delivery: Omit<Delivery, 'answered'>) => number): void
  /** Checks the documented signature: base64 HMAC-SHA256 over `${t}.${raw body}`. */
  verify(delivery: Delivery): { ok: boolean; t: number | null }
  close(): Promise<void>
}

export function parseSignature(header: string): { t: string; v1: string[] } | null {
  let t: string | null = null
  const v1: string[] = []
  for (const part of header.split(',')) {
    const at = part.indexOf('=')
    if (at < 0) continue
    const key = part.slice(0, at).trim()
    const value = part.slice(at + 1).trim()
    if (key === 't') t = value
    if (key === 'v1') v1.push(value)
  }
  return t && v1.length > 0 ? { t, v1 } : null
}

export function verifySignature(secret: string, header: string | undefined, raw: Buffer) {
  const parsed = header ? parseSignature(header) : null
  if (!parsed || !/^\d+$/.test(parsed.t)) return { ok: false, t: null }
  const expected = createHmac('sha256', secret)
    .update(Buffer.concat([Buffer.from(`${parsed.t}.`), raw]))
    .digest()
  const ok = parsed.v1.some((candidate) => {
    const given = Buffer.from(candidate, 'base64')
    return given.length === expected.length && timingSafeEqual(given, expected)
  })
  return { ok, t: Number(parsed.t) }
}

export async function startWebhookReceiver(secret: string): Promise<WebhookReceiver> {
  const deliveries: Delivery[] = []
  let decide: (delivery: Omit<Delivery, 'answered'>) => number = () => 200
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const raw = Buffer.concat(chunks)
      let body: unknown
      try {
        body = JSON.parse(raw.toString('utf8'))
      } catch {
        body = undefined
      }
      const received = { headers: req.headers, raw, body, receivedAt: Date.now() }
      const answered = decide(received)
      deliveries.push({ ...received, answered })
      res.writeHead(answered, { 'content-type': 'text/plain' })
      res.end(answered === 204 ? undefined : 'ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    deliveries,
    respondWith(next) {
      decide = next
    },
    verify(delivery) {
      const header = delivery.headers[SIGNATURE_HEADER]
      return verifySignature(secret, Array.isArray(header) ? header[0] : header, delivery.raw)
    },
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
