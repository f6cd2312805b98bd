import type { Context } from 'hono'
import { badRequest, payloadTooLarge } from './api-error.ts'

export const jsonBodyLimit = 8 * 1024 * 1024

export async function readRawBody(c: Context, limit: number): Promise<Buffer> {
  const declared = Number(c.req.header('content-length') ?? '0')
  if (declared > limit) throw payloadTooLarge(`Request body over ${limit} bytes`)
  const reader = c.req.raw.body?.getReader()
  if (!reader) return Buffer.alloc(0)
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > limit) {
      await reader.cancel()
      throw payloadTooLarge(`Request body over ${limit} bytes`)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

export function isJson(c: Context): boolean {
  return (c.req.header('content-type') ?? '').toLowerCase().startsWith('application/json')
}

// An absent body is `undefined`, so operations with an optional body can tell it from `{}`.
export async function readJson(c: Context, limit = jsonBodyLimit): Promise<unknown> {
  const raw = await readRawBody(c, limit)
  if (raw.length === 0) return undefined
  if (!isJson(c)) throw badRequest('Content-Type must be application/json')
  try {
    return JSON.parse(raw.toString('utf8'))
  } catch {
    throw badRequest('Malformed JSON body')
  }
}

export async function readJsonObject(c: Context, limit = jsonBodyLimit): Promise<unknown> {
  const body = await readJson(c, limit)
  if (body === undefined) throw badRequest('A JSON body is required')
  return body
}
