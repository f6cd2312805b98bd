import type Database from 'better-sqlite3'

export type WebhookEventType = 'video_created' | 'video_updated' | 'video_import_failed'

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'dropped' | 'no_endpoint'

export type WebhookDeliveryRow = {
  id: number
  event_type: WebhookEventType
  business_id: string
  /** The serialized envelope: the exact bytes sent on every attempt. */
  body: string
  /** Unix seconds, same value as the envelope's `created`. */
  created: number
  attempts: number
  /** Unix ms; null once the delivery is terminal or when there is no endpoint. */
  next_attempt_at: number | null
  status: WebhookDeliveryStatus
  last_status: number | null
  last_error: string | null
  last_attempt_at: number | null
}

export function ensureWebhookSchema(db: Database.Database): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS webhook_deliveries (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      event_type TEXT NOT NULL,
      business_id TEXT NOT NULL,
      body TEXT NOT NULL,
      created INTEGER NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at INTEGER,
      status TEXT NOT NULL
        CHECK (status IN ('pending', 'delivered', 'dropped', 'no_endpoint')),
      last_status INTEGER,
      last_error TEXT,
      last_attempt_at INTEGER
    );
    CREATE INDEX IF NOT EXISTS webhook_deliveries_due
      ON webhook_deliveries (status, next_attempt_at);
  `)
}

export type NewWebhookDelivery = Pick<
  WebhookDeliveryRow,
  'event_type' | 'business_id' | 'body' | 'created' | 'next_attempt_at' | 'status'
>

export type WebhookAttemptOutcome = {
  attempts: number
  status: WebhookDeliveryStatus
  next_attempt_at: number | null
  last_status: number | null
  last_error: string | null
  last_attempt_at: number
}

export function createWebhookDeliveryStore(db: Database.Database) {
  ensureWebhookSchema(db)
  const insert = db.prepare<NewWebhookDelivery>(`
    INSERT INTO webhook_deliveries (event_type, business_id, body, created, next_attempt_at, status)
    VALUES (@event_type, @business_id, @body, @created, @next_attempt_at, @status)
  `)
  const selectDue = db.prepare<[number, number], WebhookDeliveryRow>(`
    SELECT * FROM webhook_deliveries
    WHERE status = 'pending' AND next_attempt_at <= ?
    ORDER BY next_attempt_at, id
    LIMIT ?
  `)
  const selectNextDueAt = db.prepare<[], { next: number | null }>(`
    SELECT MIN(next_attempt_at) AS next FROM webhook_deliveries WHERE status = 'pending'
  `)
  const recordAttempt = db.prepare<WebhookAttemptOutcome & { id: number }>(`
    UPDATE webhook_deliveries
    SET attempts = @attempts, status = @status, next_attempt_at = @next_attempt_at,
        last_status = @last_status, last_error = @last_error, last_attempt_at = @last_attempt_at
    WHERE id = @id
  `)
  const selectById = db.prepare<[number], WebhookDeliveryRow>(
    'SELECT * FROM webhook_deliveries WHERE id = ?',
  )

  return {
    insert: (delivery: NewWebhookDelivery): number => Number(insert.run(delivery).lastInsertRowid),
    due: (nowMs: number, limit: number): WebhookDeliveryRow[] => selectDue.all(nowMs, limit),
    nextDueAt: (): number | null => selectNextDueAt.get()?.next ?? null,
    recordAttempt: (id: number, outcome: WebhookAttemptOutcome): void => {
      recordAttempt.run({ ...outcome, id })
    },
    get: (id: number): WebhookDeliveryRow | undefined => selectById.get(id),
  }
}

export type WebhookDeliveryStore = ReturnType<typeof createWebhookDeliveryStore>

/** Recorded deliveries, newest first, for inspection by the sandbox. */
export function listWebhookDeliveries(
  db: Database.Database,
  filter: { status?: WebhookDeliveryStatus; limit?: number } = {},
): WebhookDeliveryRow[] {
  ensureWebhookSchema(db)
  const limit = Math.max(1, Math.min(filter.limit ?? 100, 1000))
  if (filter.status) {
    return db
      .prepare<[string, number], WebhookDeliveryRow>(
        'SELECT * FROM webhook_deliveries WHERE status = ? ORDER BY id DESC LIMIT ?',
      )
      .all(filter.status, limit)
  }
  return db
    .prepare<[number], WebhookDeliveryRow>(
      'SELECT * FROM webhook_deliveries ORDER BY id DESC LIMIT ?',
    )
    .all(limit)
}
