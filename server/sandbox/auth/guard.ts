import type { Context } from 'hono'
import type { Db } from '../db/open.ts'
import { forbidden, unauthorized } from '../http/api-error.ts'
import { grantSatisfies, type Scope } from './scopes.ts'
import { type Grant, lookupToken } from './tokens.ts'

export function authenticate(db: Db, c: Context): Grant {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')
  if (!match?.[1]) throw unauthorized('Missing bearer token')
  const grant = lookupToken(db, match[1], Date.now())
  if (!grant) throw unauthorized('Invalid or expired access token')
  return grant
}

export function authorize(db: Db, c: Context, acceptable: readonly Scope[]): Grant {
  const grant = authenticate(db, c)
  if (!grantSatisfies(grant.scopes, acceptable)) {
    throw forbidden(`Insufficient scope: requires ${acceptable.join(' or ')}`)
  }
  return grant
}
