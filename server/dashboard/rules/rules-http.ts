import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Handler } from 'hono'
import type * as z from 'zod'
import { readSmallForm } from '../auth/request-checks.ts'
import type { Principal } from '../auth/sign-in-routes.ts'
import { type DashboardContext, type DashboardEnv, raw, refuse } from '../http/context.ts'
import type { RulesDeps } from './rules-deps.ts'

/** The rules' dependencies once the service is known; null while the dashboard starts. */
export type RulesSource = () => RulesDeps | null

/** What a rules handler gets: the role gate before it has let `person` through. */
export interface RulesRequest {
  deps: RulesDeps
  person: Principal
  req: IncomingMessage
  res: ServerResponse
  c: DashboardContext
  /** The path's `:id`, where it has one. */
  id: string
}

/** A handler of the rules area: 503 until the service is connected, then `handler`. */
export function rulesHandler(
  source: RulesSource,
  handler: (request: RulesRequest) => Promise<unknown>,
): Handler<DashboardEnv> {
  return raw(async (req, res, c) => {
    const person = await c.var.principal()
    if (!person) return refuse(c, 401, 'Sign in to use the dashboard')
    const deps = source()
    if (!deps) return refuse(c, 503, 'The dashboard is starting', { 'Retry-After': '1' })
    await handler({ deps, person, req, res, c, id: c.req.param('id') ?? '' })
  })
}

/** A rule definition with fifty conditions and twenty actions fits well under this. */
const bodyLimit = 64 * 1024

/**
 * The body as `schema` reads it, or null once a 400 has said which field is wrong and how.
 * `what` names the thing sent, for the message.
 */
export async function readBody<T>(
  request: RulesRequest,
  schema: z.ZodType<T>,
  what: string,
): Promise<T | null> {
  const body = await readSmallForm(request.req, bodyLimit)
  if (!body) {
    refuse(request.c, 400, `Send ${what} as a JSON object of at most 64 KiB`)
    return null
  }
  const parsed = schema.safeParse(body)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  refuse(request.c, 400, `Invalid ${issue?.path.join('.') || what}: ${issue?.message}`)
  return null
}

/** Ids are ours (UUIDs) and url-safe: any other `:id` names no rule. */
export const knownRuleId = (id: string) => /^[\w-]{1,64}$/.test(id)

export const noRule = (c: DashboardContext) =>
  refuse(c, 404, 'No such rule: it may have been deleted')
