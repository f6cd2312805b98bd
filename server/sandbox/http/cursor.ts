import { badRequest } from './api-error.ts'

// Cursors are opaque to clients; inside they carry the internal id of the page's last row.
export function encodeCursor(id: number): string {
  return Buffer.from(`c1:${id}`).toString('base64url')
}

export function decodeCursor(value: string, name: string): number {
  const decoded = Buffer.from(value, 'base64url').toString('utf8')
  const match = /^c1:(\d{1,15})$/.exec(decoded)
  if (!match) throw badRequest(`Invalid ${name} cursor`)
  return Number(match[1])
}

export function parsePageSize(value: string | undefined): number {
  if (value === undefined) return 10
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw badRequest('page_size must be a positive integer')
  return Math.min(Number(value), 100)
}

export function parseBoolean(value: string | undefined, name: string): boolean | undefined {
  if (value === undefined) return undefined
  if (value === 'true' || value === '1') return true
  if (value === 'false' || value === '0') return false
  throw badRequest(`${name} must be true or false`)
}

export function withQuery(
  path: string,
  params: Record<string, string | number | undefined>,
): string {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) query.set(key, String(value))
  return `${path}?${query.toString()}`
}
