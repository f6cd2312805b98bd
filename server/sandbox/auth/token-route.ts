import type { Context, Hono } from 'hono'
import type { TokenResponse } from '../../../src/api/generated/types.gen.ts'
import type { Db } from '../db/open.ts'
import { readRawBody } from '../http/body.ts'
import { issueToken, verifyClient } from './tokens.ts'

type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'

function oauthError(
  c: Context,
  status: 400 | 401,
  error: OAuthErrorCode,
  description: string,
  basic = false,
) {
  c.header('Cache-Control', 'no-store')
  if (basic) c.header('WWW-Authenticate', 'Basic realm="service"')
  return c.json({ error, error_description: description }, status)
}

// RFC 6749 section 4.4: client credentials with HTTP Basic (RFC 6749 2.3.1 form-encodes the id and
// secret before base64) or with client_id/client_secret in the form body, never both.
export function tokenRoute(app: Hono, deps: { db: Db; tokenTtlSeconds: number }) {
  app.post('/oauth/token', async (c) => {
    const type = (c.req.header('content-type') ?? '').toLowerCase()
    if (!type.startsWith('application/x-www-form-urlencoded')) {
      return oauthError(c, 400, 'invalid_request', 'Body must be application/x-www-form-urlencoded')
    }
    const form = new URLSearchParams((await readRawBody(c, 64 * 1024)).toString('utf8'))
    const basic = parseBasic(c.req.header('authorization'))
    const bodyId = form.get('client_id')
    const bodySecret = form.get('client_secret')
    if (basic && (bodyId || bodySecret)) {
      return oauthError(c, 400, 'invalid_request', 'Use one client authentication method, not both')
    }
    const id = basic?.id ?? bodyId
    const secret = basic?.secret ?? bodySecret
    if (!id || secret === null || secret === undefined) {
      return oauthError(c, 401, 'invalid_client', 'Client authentication is required', true)
    }
    const client = verifyClient(deps.db, id, secret)
    if (!client)
      return oauthError(c, 401, 'invalid_client', 'Unknown client or wrong secret', !!basic)

    const grantType = form.get('grant_type')
    if (!grantType) return oauthError(c, 400, 'invalid_request', 'grant_type is required')
    if (grantType !== 'client_credentials') {
      return oauthError(c, 400, 'unsupported_grant_type', 'Only client_credentials is supported')
    }
    const requested = form.get('scope')?.split(' ').filter(Boolean)
    if (requested?.some((scope) => !client.scopes.includes(scope))) {
      return oauthError(c, 400, 'invalid_scope', 'A requested scope is not granted to this client')
    }
    const scopes = requested && requested.length > 0 ? requested : client.scopes
    const token = issueToken(deps.db, client, scopes, deps.tokenTtlSeconds, Date.now())
    const body: TokenResponse = {
      access_token: token,
      token_type: 'Bearer',
      expires_in: deps.tokenTtlSeconds,
      scope: scopes.join(' '),
    }
    c.header('Cache-Control', 'no-store')
    c.header('Pragma', 'no-cache')
    return c.json(body, 200)
  })
}

function parseBasic(header: string | undefined): { id: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '')
  if (!match?.[1]) return null
  const decoded = Buffer.from(match[1], 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) return null
  try {
    return {
      id: decodeURIComponent(decoded.slice(0, colon).replaceAll('+', ' ')),
      secret: decodeURIComponent(decoded.slice(colon + 1).replaceAll('+', ' ')),
    }
  } catch {
    return null
  }
}
