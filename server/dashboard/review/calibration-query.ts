import type { ServerResponse } from 'node:http'
import * as z from 'zod/mini'
import { sendError } from '../http/json-response.ts'

const day = /^\d{4}-\d{2}-\d{2}$/
const dayMs = 86_400_000

/** A day (UTC) or an ISO instant, as `from=` and `to=` take them. */
const moment = z.string().check(
  z.maxLength(40),
  z.refine((text) => !Number.isNaN(Date.parse(text)), 'expected a day (YYYY-MM-DD) or a time'),
)

/** The period of `?from=&to=`: a day given as `to` takes in its whole day. */
export const periodQuery = {
  from: z.optional(moment),
  to: z.optional(moment),
}

/** The period in ms: from inclusive, to exclusive. */
export function periodMs(period: { from?: string | undefined; to?: string | undefined }) {
  const toMs = period.to === undefined ? undefined : Date.parse(period.to)
  return {
    fromMs: period.from === undefined ? undefined : Date.parse(period.from),
    toMs: toMs !== undefined && period.to && day.test(period.to) ? toMs + dayMs : toMs,
  }
}

/** The request's query as `schema` reads it, or null once a 400 has said what is wrong with it. */
export function readQuery<T>(schema: z.ZodMiniType<T>, url: URL, res: ServerResponse): T | null {
  const parsed = schema.safeParse(Object.fromEntries(url.searchParams))
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  sendError(res, 400, `Invalid ${issue?.path.join('.') || 'query'}: ${issue?.message}`)
  return null
}
