import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import {
  createWebhookDispatcher,
  type WebhookDispatcher,
  type WebhookDispatcherOptions,
} from '../../../server/sandbox/webhooks/dispatcher.ts'
import { verifyWebhookSignature } from '../../../server/sandbox/webhooks/sign.ts'
import { listWebhookDeliveries } from '../../../server/sandbox/webhooks/store.ts'
import {
  type LoopbackReceiver,
  type ReceiverBehaviour,
  startLoopbackReceiver,
} from './loopback-receiver.ts'

const secret = 'whsec_sandbox'
const videoCreated = {
  event_type: 'video_created' as const,
  business_id: 'biz_123',
  data: { id: 'vid_1', status: 'approved', caption: 'Sommerkleid ☀️', hashtags: [] },
}

/** A clock the test moves by hand, so retry delays are checked without waiting. */
function manualClock(startMs = 1_700_000_000_000) {
  let current = startMs
  return { now: () => current, set: (ms: number) => (current = ms) }
}

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function setup(
  behaviour: ReceiverBehaviour,
  options: Partial<WebhookDispatcherOptions> = {},
): Promise<{ receiver: LoopbackReceiver; dispatcher: WebhookDispatcher; db: Database.Database }> {
  const receiver = await startLoopbackReceiver(behaviour)
  const db = options.db ?? new Database(':memory:')
  const dispatcher = createWebhookDispatcher({
    db,
    url: receiver.url,
    secret,
    timeScale: 1,
    ...options,
  })
  cleanups.push(
    () => receiver.close(),
    () => dispatcher.stop(),
  )
  return { receiver, dispatcher, db }
}

function onlyDelivery(db: Database.Database) {
  const [row, ...rest] = listWebhookDeliveries(db)
  expect(rest).toHaveLength(0)
  if (!row) throw new Error('no delivery recorded')
  return row
}

describe('webhook dispatcher', () => {
  it('posts the signed envelope as JSON and the receiver verifies the raw bytes', async () => {
    const clock = manualClock(1_700_000_123_456)
    const { receiver, dispatcher, db } = await setup(() => 204, { now: clock.now })
    dispatcher.enqueue(videoCreated)
    await dispatcher.drain()

    expect(receiver.received).toHaveLength(1)
    const [request] = receiver.received
    if (!request) throw new Error('no request')
    expect(request.method).toBe('POST')
    expect(request.headers['content-type']).toBe('application/json')
    const header = request.headers['service-webhooks-signature']
    expect(typeof header).toBe('string')
    expect(
      verifyWebhookSignature(secret, header as string, request.rawBody, { nowMs: clock.now() }),
    ).toEqual({ ok: true, timestampMs: 1_700_000_123_456 })

    expect(JSON.parse(request.rawBody.toString('utf8'))).toEqual({
      event_type: 'video_created',
      version: '2023-06-06',
      created: 1_700_000_123,
      business_id: 'biz_123',
      data: videoCreated.data,
    })
    const row = onlyDelivery(db)
    expect(request.rawBody.toString('utf8')).toBe(row.body)
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, last_status: 204 })
    expect(row.next_attempt_at).toBeNull()
  })

  it('retries 500, 500 then 204 exactly three times, one (scaled) hour apart', async () => {
    const clock = manualClock()
    const statuses = [500, 500, 204]
    const { receiver, dispatcher, db } = await setup((i) => statuses[i] ?? 599, {
      now: clock.now,
      timeScale: 3_600, // 1 h -> 1 s of clock time
    })
    dispatcher.enqueue(videoCreated)

    await dispatcher.drain()
    let row = onlyDelivery(db)
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_status: 500 })
    expect(row.next_attempt_at).toBe(clock.now() + 1_000)

    await dispatcher.drain()
    expect(receiver.received).toHaveLength(1) // not due yet

    clock.set(clock.now() + 999)
    await dispatcher.drain()
    expect(receiver.received).toHaveLength(1)

    clock.set(clock.now() + 1)
    await dispatcher.drain()
    row = onlyDelivery(db)
    expect(row).toMatchObject({ status: 'pending', attempts: 2 })
    expect(row.next_attempt_at).toBe(clock.now() + 1_000)

    clock.set(row.next_attempt_at ?? 0)
    await dispatcher.drain()
    row = onlyDelivery(db)
    expect(row).toMatchObject({ status: 'delivered', attempts: 3, last_status: 204 })
    expect(receiver.received).toHaveLength(3)

    const bodies = new Set(receiver.received.map((request) => request.rawBody.toString('utf8')))
    expect(bodies).toEqual(new Set([row.body]))
  })

  it('backs off 1 h after attempts 1-3 and 24 h after attempts 4-5, dropping after 6', async () => {
    const clock = manualClock()
    const { receiver, dispatcher, db } = await setup(() => 500, {
      now: clock.now,
      timeScale: 3_600,
    })
    dispatcher.enqueue(videoCreated)

    const delays: number[] = []
    for (let attempt = 1; attempt <= 6; attempt++) {
      await dispatcher.drain()
      const row = onlyDelivery(db)
      expect(row.attempts).toBe(attempt)
      if (row.next_attempt_at === null) break
      delays.push(row.next_attempt_at - (row.last_attempt_at ?? 0))
      clock.set(row.next_attempt_at)
    }
    expect(delays).toEqual([1_000, 1_000, 1_000, 24_000, 24_000])

    const dropped = onlyDelivery(db)
    expect(dropped).toMatchObject({ status: 'dropped', attempts: 6, last_status: 500 })
    expect(dropped.last_error).toContain('500')

    clock.set(clock.now() + 10 * 24_000)
    await dispatcher.drain()
    expect(receiver.received).toHaveLength(6)
  })

  it('treats 201 as a failure and accepts 200 and 202', async () => {
    const statuses = [201, 200, 202]
    const { receiver, dispatcher, db } = await setup((i) => statuses[i] ?? 599)
    dispatcher.enqueue(videoCreated)
    await dispatcher.drain()
    expect(onlyDelivery(db)).toMatchObject({ status: 'pending', attempts: 1, last_status: 201 })

    dispatcher.enqueue({ ...videoCreated, event_type: 'video_updated' })
    dispatcher.enqueue({
      event_type: 'video_import_failed',
      business_id: 'biz_123',
      data: { import_id: 'imp_1', reason: 'download_failed' },
    })
    await dispatcher.drain()
    const byType = Object.fromEntries(
      listWebhookDeliveries(db).map((row) => [row.event_type, row.status]),
    )
    expect(byType).toEqual({
      video_created: 'pending',
      video_updated: 'delivered',
      video_import_failed: 'delivered',
    })
    expect(receiver.received).toHaveLength(3)
  })

  it('times a hung receiver out and records the failure', async () => {
    // At 1000x the retry after a failure is 3.6 s away, so drain() cannot also run the retry.
    const { receiver, dispatcher, db } = await setup(() => 'hang', { timeScale: 1000 })
    dispatcher.enqueue(videoCreated)
    const started = Date.now()
    await dispatcher.drain()
    const elapsed = Date.now() - started

    expect(receiver.received).toHaveLength(1)
    expect(elapsed).toBeGreaterThanOrEqual(1_900) // the 2 s floor on the scaled 30 s timeout
    expect(elapsed).toBeLessThan(10_000)
    const row = onlyDelivery(db)
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_status: null })
    expect(row.last_error).toMatch(/timeout/)
  })

  it('counts a refused connection as a failed attempt', async () => {
    const { receiver, dispatcher, db } = await setup(() => 204)
    await receiver.close()
    dispatcher.enqueue(videoCreated)
    await dispatcher.drain()
    const row = onlyDelivery(db)
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_status: null })
    expect(row.last_error).toBeTruthy()
  })

  it('delivers and retries on its own timers once started', async () => {
    const statuses = [500, 500, 204]
    // 1 h -> 1 ms of wall time, so the two retries happen almost at once.
    const { receiver, dispatcher, db } = await setup((i) => statuses[i] ?? 599, {
      timeScale: 3_600_000,
    })
    dispatcher.start()
    dispatcher.enqueue(videoCreated)
    await expect.poll(() => onlyDelivery(db).status, { timeout: 5_000 }).toBe('delivered')
    expect(receiver.received).toHaveLength(3)
    expect(onlyDelivery(db).attempts).toBe(3)
  })

  it('resumes due deliveries after a restart on the same database', async () => {
    const db = new Database(':memory:')
    const clock = manualClock()
    const failing = createWebhookDispatcher({
      db,
      url: 'http://127.0.0.1:9/unused',
      secret,
      timeScale: 3_600,
      now: clock.now,
      fetchImpl: async () => new Response('down', { status: 503 }),
    })
    failing.enqueue(videoCreated)
    await failing.drain()
    await failing.stop()
    expect(onlyDelivery(db)).toMatchObject({ status: 'pending', attempts: 1, last_status: 503 })

    clock.set(clock.now() + 1_000)
    const { receiver, dispatcher } = await setup(() => 204, {
      db,
      now: clock.now,
      timeScale: 3_600,
    })
    dispatcher.start()
    await expect.poll(() => onlyDelivery(db).status, { timeout: 5_000 }).toBe('delivered')
    expect(onlyDelivery(db).attempts).toBe(2)
    expect(receiver.received).toHaveLength(1)
  })

  it('stop() cancels an in-flight attempt without counting it', async () => {
    const { receiver, dispatcher, db } = await setup(() => 'hang')
    dispatcher.start()
    dispatcher.enqueue(videoCreated)
    await expect.poll(() => receiver.received.length, { timeout: 5_000 }).toBe(1)
    await dispatcher.stop()
    expect(onlyDelivery(db)).toMatchObject({ status: 'pending', attempts: 0 })
  })

  it('records events without sending when no url is configured', async () => {
    const db = new Database(':memory:')
    let calls = 0
    const dispatcher = createWebhookDispatcher({
      db,
      url: undefined,
      secret: undefined,
      timeScale: 1,
      fetchImpl: async () => {
        calls++
        return new Response(null, { status: 204 })
      },
    })
    dispatcher.start()
    const row = dispatcher.enqueue(videoCreated)
    await dispatcher.drain()
    await dispatcher.stop()
    expect(calls).toBe(0)
    expect(row).toMatchObject({ status: 'no_endpoint', attempts: 0, next_attempt_at: null })
    expect(JSON.parse(row.body)).toMatchObject({
      event_type: 'video_created',
      version: '2023-06-06',
    })
    expect(listWebhookDeliveries(db, { status: 'no_endpoint' })).toHaveLength(1)
  })

  it('refuses a url without a secret, a non-http url and a bad timeScale', () => {
    const db = new Database(':memory:')
    const base = { db, secret, timeScale: 1 }
    expect(() =>
      createWebhookDispatcher({ ...base, url: 'http://127.0.0.1:1', secret: '' }),
    ).toThrow(/secret/)
    expect(() => createWebhookDispatcher({ ...base, url: 'ftp://127.0.0.1/x' })).toThrow(/http/)
    expect(() => createWebhookDispatcher({ ...base, url: undefined, timeScale: 0 })).toThrow(
      /timeScale/,
    )
  })
})
