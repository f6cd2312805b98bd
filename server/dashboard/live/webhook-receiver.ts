import type { IncomingMessage, ServerResponse } from 'node:http'
import { sendError, sendJson } from '../http/json-response.ts'
import type { DeliveryLedger } from './dedup.ts'
import { dedupKey, parseServiceEvent, type ServiceEvent } from './service-event.ts'
import { SIGNATURE_HEADER, verifySignature } from './verify-signature.ts'

export const MAX_WEBHOOK_BYTES = 1024 * 1024

export interface WebhookReceiverOptions {
  secrets: readonly string[]
  ledger: DeliveryLedger
  onEvent: (event: ServiceEvent) => void
  log: (message: string) => void
  now?: () => number
}

// POST /webhooks/service: verified on the raw bytes, answered at once, applied afterwards and only
// the first time its dedup key is seen. Anything refused is answered 4xx with a short reason,
// logged, and never applied.
export function createWebhookReceiver(options: WebhookReceiverOptions) {
  const now = options.now ?? Date.now
  const refuse = (res: ServerResponse, status: number, reason: string, req: IncomingMessage) => {
    options.log(`webhook refused (${status}): ${reason} from ${req.socket.remoteAddress}`)
    sendError(res, status, reason)
  }

  return async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST')
      return refuse(res, 405, 'Only POST is accepted', req)
    }
    const declared = Number(req.headers['content-length'] ?? Number.NaN)
    if (declared > MAX_WEBHOOK_BYTES) {
      res.setHeader('connection', 'close')
      res.once('finish', () => req.destroy())
      return refuse(res, 413, 'Body over 1 MiB', req)
    }
    const body = await readCapped(req)
    if (body === null) {
      res.setHeader('connection', 'close')
      res.once('finish', () => req.destroy())
      return refuse(res, 413, 'Body over 1 MiB', req)
    }
    const check = verifySignature(options.secrets, req.headers[SIGNATURE_HEADER], body, now())
    if (!check.ok) return refuse(res, 401, check.reason, req)
    let json: unknown
    try {
      json = JSON.parse(body.toString('utf8'))
    } catch {
      return refuse(res, 400, 'Body is not JSON', req)
    }
    const event = parseServiceEvent(json)
    if (!event) return refuse(res, 400, 'Not a service event', req)
    sendJson(res, 202, { received: true })
    setImmediate(() => {
      options.ledger.claim(dedupKey(event)).then(
        (first) => {
          if (first) options.onEvent(event)
        },
        (error: unknown) => options.log(`webhook not applied: ${error}`),
      )
    })
  }
}

function readCapped(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_WEBHOOK_BYTES) {
        req.pause()
        resolve(null)
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}
