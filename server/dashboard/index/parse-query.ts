import type { ServerResponse } from 'node:http'
import type * as z from 'zod/mini'
import { sendError } from '../http/json-response.ts'

/** A request's query as `schema` reads it, or null once a 400 has said what is wrong with it. */
export function parseQuery<T>(
  schema: z.ZodMiniType<T>,
  query: unknown,
  res: ServerResponse,
): T | null {
  const parsed = schema.safeParse(query)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  sendError(res, 400, `Invalid ${issue?.path.join('.') || 'query'}: ${issue?.message}`)
  return null
}
