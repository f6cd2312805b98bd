import type Database from 'better-sqlite3'
import { postSignedWebhook } from './post-webhook.ts'
import { webhookRetryDelayMs } from './retry-schedule.ts'
import {
  createWebhookDeliveryStore,
  type WebhookDeliveryRow,
  type WebhookEventType,
} from './store.ts'

export const WEBHOOK_PAYLOAD_VERSION = '2023-06-06'

const ATTEMPT_TIMEOUT_MS = 30_000
/** A scaled-down timeout must still leave a slow loopback receiver time to answer. */
const MIN_ATTEMPT_TIMEOUT_MS = 2_000
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1
const DELIVERIES_PER_PASS = 50

export type WebhookEvent = {
  event_type: WebhookEventType
  business_id: string
  data: object
}

export type WebhookLog = (message: string, details: Record<string, unknown>) => void

export type WebhookDispatcherOptions = {
  db: Database.Database
  /** Receiver address; when unset events are recorded as `no_endpoint` and never sent. */
  url: string | undefined
  secret: string | undefined
  /** Divides the retry delays and the per-attempt timeout (1 = real time). */
  timeScale: number
  fetchImpl?: typeof fetch
  now?: () => number
  log?: WebhookLog
}

export type WebhookDispatcher = {
  enqueue(event: WebhookEvent): WebhookDeliveryRow
  start(): void
  /** Clears timers and cancels in-flight attempts (they stay pending, uncounted). */
  stop(): Promise<void>
  /** Attempts everything due now, repeatedly, until nothing is due. */
  drain(): Promise<void>
}

export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const { db, url, secret, timeScale } = options
  if (!Number.isFinite(timeScale) || timeScale <= 0) {
    throw new Error(`webhook timeScale must be a positive number, got ${timeScale}`)
  }
  const endpoint = url ? validateEndpoint(url, secret) : undefined
  const store = createWebhookDeliveryStore(db)
  const now = options.now ?? Date.now
  const fetchImpl = options.fetchImpl ?? fetch
  const log = options.log ?? (() => {})
  const attemptTimeoutMs = Math.max(ATTEMPT_TIMEOUT_MS / timeScale, MIN_ATTEMPT_TIMEOUT_MS)

  let started = false
  let timer: NodeJS.Timeout | null = null
  let pass: Promise<number> | null = null
  let cancelAttempts = new AbortController()

  function enqueue(event: WebhookEvent): WebhookDeliveryRow {
    const created = Math.floor(now() / 1000)
    const body = JSON.stringify({
      event_type: event.event_type,
      version: WEBHOOK_PAYLOAD_VERSION,
      created,
      business_id: event.business_id,
      data: event.data,
    })
    const id = store.insert({
      event_type: event.event_type,
      business_id: event.business_id,
      body,
      created,
      next_attempt_at: endpoint ? now() : null,
      status: endpoint ? 'pending' : 'no_endpoint',
    })
    if (started && endpoint) scheduleNextPass()
    return store.get(id) as WebhookDeliveryRow
  }

  async function attemptDelivery(
    delivery: WebhookDeliveryRow,
    target: { url: string; secret: string },
  ): Promise<void> {
    const result = await postSignedWebhook({
      ...target,
      body: delivery.body,
      timeoutMs: attemptTimeoutMs,
      nowMs: now(),
      cancelSignal: cancelAttempts.signal,
      fetchImpl,
    })
    if (result.kind === 'cancelled' || !db.open) return
    const attempts = delivery.attempts + 1
    const attemptedAt = now()
    if (result.kind === 'delivered') {
      store.recordAttempt(delivery.id, {
        attempts,
        status: 'delivered',
        next_attempt_at: null,
        last_status: result.status,
        last_error: null,
        last_attempt_at: attemptedAt,
      })
      return
    }
    const delayMs = webhookRetryDelayMs(attempts)
    const nextAttemptAt = delayMs === null ? null : Math.ceil(attemptedAt + delayMs / timeScale)
    store.recordAttempt(delivery.id, {
      attempts,
      status: nextAttemptAt === null ? 'dropped' : 'pending',
      next_attempt_at: nextAttemptAt,
      last_status: result.status,
      last_error: result.error,
      last_attempt_at: attemptedAt,
    })
    log(nextAttemptAt === null ? 'webhook dropped' : 'webhook attempt failed', {
      delivery_id: delivery.id,
      event_type: delivery.event_type,
      attempts,
      status: result.status,
      error: result.error,
      next_attempt_at: nextAttemptAt,
    })
  }

  async function processDueDeliveries(): Promise<number> {
    if (!endpoint) return 0
    const due = store.due(now(), DELIVERIES_PER_PASS)
    await Promise.all(due.map((delivery) => attemptDelivery(delivery, endpoint)))
    return due.length
  }

  function runPass(): Promise<number> {
    pass ??= processDueDeliveries().finally(() => {
      pass = null
      if (started) scheduleNextPass()
    })
    return pass
  }

  function scheduleNextPass(): void {
    if (timer) clearTimeout(timer)
    timer = null
    if (!endpoint || !db.open) return
    const nextDueAt = store.nextDueAt()
    if (nextDueAt === null) return
    const delay = Math.min(Math.max(nextDueAt - now(), 0), MAX_TIMER_DELAY_MS)
    timer = setTimeout(() => {
      timer = null
      runPass().catch((error: unknown) => {
        log('webhook delivery pass failed', { error: String(error) })
      })
    }, delay)
    timer.unref()
  }

  return {
    enqueue,
    start() {
      if (started) return
      started = true
      scheduleNextPass()
    },
    async stop() {
      started = false
      if (timer) clearTimeout(timer)
      timer = null
      cancelAttempts.abort()
      cancelAttempts = new AbortController()
      await pass?.catch(() => {})
    },
    async drain() {
      for (;;) {
        if (pass) {
          await pass
          continue
        }
        if ((await runPass()) === 0) return
      }
    },
  }
}

function validateEndpoint(url: string, secret: string | undefined) {
  const parsed = URL.canParse(url) ? new URL(url) : null
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new Error(`webhook url must be an http(s) URL, got ${url}`)
  }
  if (!secret) throw new Error('a webhook secret is required when a webhook url is set')
  return { url, secret }
}
