import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  parseServiceEvent,
  type ServiceEvent,
  type UnreadVideoEvent,
  unreadVideoEvent,
} from '../../../src/api/service-event.ts'
import { sendError, sendJson } from '../http/json-response.ts'
import type { Log } from '../ops/logger.ts'
import { type DeliveryLedger, dedupKey, unreadKey } from './dedup.ts'
import { SIGNATURE_HEADER, verifySignature } from './verify-signature.ts'

export const MAX_WEBHOOK_BYTES = 1024 * 1024
/** The service retries a failed delivery on its own schedule; this is only a hint. */
const RETRY_AFTER_SECONDS = '60'

export interface WebhookReceiverOptions {
  secrets: readonly string[]
  ledger: DeliveryLedger
  /** Applies an event (to the open streams, or to every replica's); rejects if it could not. */
  apply: (event: ServiceEvent) => Promise<void>
  /** Starts reading again the video an event names but that cannot be read in full. */
  reread: (event: UnreadVideoEvent) => void
  log: Log
  /** Told of each event that names a video but cannot be read in full, once. */
  onUnreadable?: () => void
  /** Told of each delivery accepted but not applied again: its event was applied before. */
  onDuplicate?: () => void
  now?: () => number
}

// POST /webhooks/service: verified on the raw bytes, applied once (its dedup key is recorded only
// after the event is applied), then answered 202. Anything refused is answered 4xx with a short
// reason, logged, and never applied; an event that could not be applied (its store or channel
// unreachable) is answered 503, so the service delivers it again later. A signed event that names
// a video but does not match the contract (a later payload version, say) is not refused: the
// video is read again from the service, so the index and open screens still learn what changed.
export function createWebhookReceiver(options: WebhookReceiverOptions) {
  const now = options.now ?? Date.now
  const refuse = (res: ServerResponse, status: number, reason: string, req: IncomingMessage) => {
    options.log('webhook refused', { status, reason, from: req.socket.remoteAddress })
    sendError(res, status, reason)
  }
  const notNow = (res: ServerResponse, reason: string) =>
    sendError(res, 503, reason, { 'Retry-After': RETRY_AFTER_SECONDS })

  async function applyOnce(key: string, apply: () => Promise<void>, res: ServerResponse) {
    const claim = await options.ledger.claim(key).catch((error: unknown) => {
      options.log('webhook not applied: its ledger is unreachable', { error: String(error) })
      return null
    })
    if (!claim)
      return notNow(res, 'Live updates cannot record events right now. Send it again later.')
    if (claim.state === 'applied') {
      options.onDuplicate?.()
      return sendJson(res, 202, { received: true })
    }
    if (claim.state === 'applying')
      return notNow(res, 'This event is being applied right now. Send it again later.')
    try {
      await apply()
    } catch (error) {
      options.log('webhook not applied', { error: String(error) })
      await options.ledger.release(key, claim.token).catch(() => {})
      return notNow(res, 'Live updates cannot pass events on right now. Send it again later.')
    }
    // Applied: a failure to record it now only means a redelivery would be applied again.
    await options.ledger
      .markApplied(key)
      .catch((error: unknown) =>
        options.log('webhook applied but not recorded', { error: String(error) }),
      )
    sendJson(res, 202, { received: true })
  }

  function reread(event: UnreadVideoEvent) {
    options.log('webhook not read in full: its video is read again from the service', {
      eventType: event.event_type,
      videoId: event.data.id,
      problems: event.problems,
    })
    options.onUnreadable?.()
    options.reread(event)
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
    if (event) return applyOnce(dedupKey(event), () => options.apply(event), res)
    const unread = unreadVideoEvent(json)
    if (!unread) return refuse(res, 400, 'Not a service event', req)
    const rawData = (json as { data: unknown }).data
    await applyOnce(unreadKey(unread, rawData), async () => reread(unread), res)
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
