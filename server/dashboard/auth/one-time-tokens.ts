import { createHash, randomBytes } from 'node:crypto'

/** A link's secret: 256 random bits, shown once in the link's fragment. */
export const newOneTimeToken = () => randomBytes(32).toString('base64url')

/** What is stored instead of the token, so a copy of the database opens no link. */
export const hashOfToken = (token: string) => createHash('sha256').update(token).digest('base64url')

/** A token as a request body gives it: anything else is no token at all. */
export function tokenFrom(body: Record<string, unknown> | null): string {
  const token = body?.token
  return typeof token === 'string' && /^[\w-]{1,100}$/.test(token) ? token : ''
}
