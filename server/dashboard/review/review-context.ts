import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Handler } from 'hono'
import type { Kysely } from 'kysely'
import type * as z from 'zod/mini'
import type { ReviewQueueVideo as PendingVideo } from '../../../src/api/merch-index.ts'
import { readSmallForm } from '../auth/request-checks.ts'
import type { Principal } from '../auth/sign-in-routes.ts'
import type { DashboardTables } from '../db/database.ts'
import type { ServiceClient } from '../forwarding/service-client.ts'
import { type DashboardContext, type DashboardEnv, raw, refuse } from '../http/context.ts'
import { sendError } from '../http/json-response.ts'
import type { Log } from '../ops/logger.ts'
import type { MatchLists } from './match-lists.ts'
import type { ReviewTables } from './tables.ts'

/** The review's tables as `withTables` takes them (a mapped type has the index signature it wants). */
export type ReviewTableMap = { [T in keyof ReviewTables]: ReviewTables[T] }

/** The dashboard's tables with the review's. */
export type ReviewDb = Kysely<DashboardTables & ReviewTableMap>

/** A channel's videos with suggestions waiting, as the index knows them, or why not. */
export type PendingVideos = (
  channelId: string,
) => Promise<
  { videos: PendingVideo[]; filter: boolean } | { refused: { status: number; error: string } }
>

/** What exists once the service is known. */
export interface ReviewService {
  client: ServiceClient
  pending: PendingVideos
}

export interface ReviewDeps {
  db: ReviewDb
  log: Log
  /** Null until the service is connected: the routes that need it answer 503 until then. */
  service: () => ReviewService | null
  /** Every match list read goes through it (external decisions, the kept suggestions). */
  lists: MatchLists
  /** 0 ≤ x < 1: draws the double-review sample (tests set it). */
  random: () => number
  /** Where calibration and the reviewer page read the ledger: on SQLite, read threads once open. */
  reads?: () => ReviewDb
}

/** What a review handler gets: the role gate in front of it has let `user` through. */
export interface ReviewRequest {
  user: Principal
  req: IncomingMessage
  res: ServerResponse
  c: DashboardContext
}

/** A handler for someone signed in (the role gate before it has said who may). */
export const signedIn = (
  handler: (request: ReviewRequest) => Promise<unknown>,
): Handler<DashboardEnv> =>
  raw(async (req, res, c) => {
    const user = await c.var.principal()
    if (!user) return refuse(c, 401, 'Sign in to use the dashboard')
    await handler({ user, req, res, c })
  })

/** As `signedIn`, once the service is connected (503 with Retry-After before, as the forwarder). */
export const withService = (
  deps: ReviewDeps,
  handler: (request: ReviewRequest & { service: ReviewService }) => Promise<unknown>,
): Handler<DashboardEnv> =>
  signedIn(async (request) => {
    const service = deps.service()
    if (!service)
      return sendError(request.res, 503, 'The dashboard is starting', { 'Retry-After': '1' })
    await handler({ ...request, service })
  })

/** The body as `schema` reads it, or null once a 400 has said which field is wrong and how. */
export async function readBody<T>(
  schema: z.ZodMiniType<T>,
  req: IncomingMessage,
  res: ServerResponse,
  what: string,
): Promise<T | null> {
  const body = await readSmallForm(req, 64 * 1024)
  if (!body) {
    sendError(res, 400, `Send ${what} as a JSON object of at most 64 KiB`)
    return null
  }
  const parsed = schema.safeParse(body)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  sendError(res, 400, `Invalid ${issue?.path.join('.') || what}: ${issue?.message}`)
  return null
}

/** An ID as the contract puts IDs in paths: letters, digits, `.`, `-`, `_`; not `.` or `..`. */
export const idShape = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,100}$/
