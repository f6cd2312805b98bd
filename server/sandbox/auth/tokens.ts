import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Db } from '../db/open.ts'

export interface Grant {
  businessId: number
  clientId: string
  scopes: ReadonlySet<string>
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

export function verifyClient(db: Db, clientId: string, secret: string) {
  const row = db
    .prepare(
      'SELECT client_id, secret_sha256, business_id, scopes FROM oauth_clients WHERE client_id = ?',
    )
    .get(clientId) as
    | { client_id: string; secret_sha256: string; business_id: number; scopes: string }
    | undefined
  const expected = Buffer.from(row?.secret_sha256 ?? sha256('no such client'), 'hex')
  const given = Buffer.from(sha256(secret), 'hex')
  if (!row || !timingSafeEqual(expected, given)) return null
  return { clientId: row.client_id, businessId: row.business_id, scopes: row.scopes.split(' ') }
}

export function issueToken(
  db: Db,
  client: { clientId: string; businessId: number },
  scopes: string[],
  ttlSeconds: number,
  now: number,
): string {
  const token = randomBytes(32).toString('base64url')
  db.prepare('DELETE FROM access_tokens WHERE expires_at < ?').run(now)
  db.prepare(
    'INSERT INTO access_tokens (token_sha256, client_id, business_id, scopes, expires_at) VALUES (?, ?, ?, ?, ?)',
  ).run(
    sha256(token),
    client.clientId,
    client.businessId,
    scopes.join(' '),
    now + ttlSeconds * 1000,
  )
  return token
}

export function lookupToken(db: Db, token: string, now: number): Grant | null {
  const row = db
    .prepare(
      'SELECT client_id, business_id, scopes, expires_at FROM access_tokens WHERE token_sha256 = ?',
    )
    .get(sha256(token)) as
    | { client_id: string; business_id: number; scopes: string; expires_at: number }
    | undefined
  if (!row || row.expires_at <= now) return null
  return {
    businessId: row.business_id,
    clientId: row.client_id,
    scopes: new Set(row.scopes.split(' ').filter(Boolean)),
  }
}
