import type { IncomingMessage, ServerResponse } from 'node:http'
import type * as z from 'zod/mini'
import { newSavedViewSchema, savedViewChangeSchema } from '../../../src/api/saved-view-writes.ts'
import { readSmallForm } from '../auth/request-checks.ts'
import type { Principal } from '../auth/sign-in-routes.ts'
import type { DashboardDb } from '../db/database.ts'
import { type DashboardContext, raw, refuse } from '../http/context.ts'
import { sendError, sendJson } from '../http/json-response.ts'
import { createSavedViews, type Refused } from './saved-views.ts'

/** What a view's handler gets: the role gate in front of it has let `user` through. */
interface ViewRequest {
  user: Principal
  req: IncomingMessage
  res: ServerResponse
  /** The path's `:id`, where it has one. */
  id: string
}

const signedIn = (handler: (request: ViewRequest) => Promise<void>) =>
  raw(async (req, res, c: DashboardContext) => {
    const user = await c.var.principal()
    if (!user) return refuse(c, 401, 'Sign in to use the dashboard')
    await handler({ user, req, res, id: c.req.param('id') ?? '' })
  })

/** The body as `schema` reads it, or null once a 400 has said which field is wrong and how. */
async function readBody<T>(schema: z.ZodMiniType<T>, req: IncomingMessage, res: ServerResponse) {
  const body = await readSmallForm(req)
  if (!body) {
    sendError(res, 400, 'Send the view as a JSON object of at most 16 KiB')
    return null
  }
  const parsed = schema.safeParse(body)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  sendError(res, 400, `Invalid ${issue?.path.join('.') || 'view'}: ${issue?.message}`)
  return null
}

const onlyOwner = (verb: string) =>
  `Only the owner of this view can ${verb} it; admins can ${verb} shared views`

const noView = (res: ServerResponse) =>
  sendError(res, 404, 'No such view: it may have been deleted')

function duplicate(res: ServerResponse, clash: Refused & { refused: 'duplicate' }) {
  const where = clash.shared
    ? 'The team already shares a view'
    : clash.mine
      ? 'You already have a view'
      : 'Its owner already has a view'
  sendError(res, 409, `${where} named “${clash.name}”: choose another name`)
}

function full(res: ServerResponse, group: Refused & { refused: 'full' }) {
  const why = group.shared
    ? `The team shares ${group.cap} views, the most it keeps: a view’s owner or an admin deletes one to share another`
    : group.mine
      ? `You have ${group.cap} views of your own, the most one person keeps: delete one you no longer use to save another`
      : `Its owner has ${group.cap} views of their own, the most one person keeps: they delete one before this one stops being shared`
  sendError(res, 422, why)
}

/**
 * Saved views of the library, `/api/dashboard/views`: anyone signed in lists their own and the
 * team's shared ones; editors save, change and delete their own; admins also the shared ones.
 */
export function createSavedViewRoutes(db: DashboardDb) {
  const views = createSavedViews(db)
  // Ids are ours and url-safe: any other `:id` names no view.
  const knownId = (id: string) => /^[\w-]{1,64}$/.test(id)

  return {
    list: signedIn(async ({ user, res }) => {
      sendJson(res, 200, { views: await views.list(user) })
    }),

    save: signedIn(async ({ user, req, res }) => {
      const fields = await readBody(newSavedViewSchema, req, res)
      if (!fields) return
      const outcome = await views.create(user, fields)
      if ('view' in outcome) return sendJson(res, 201, outcome.view)
      if (outcome.refused === 'duplicate') return duplicate(res, outcome)
      if (outcome.refused === 'full') return full(res, outcome)
      noView(res)
    }),

    change: signedIn(async ({ user, req, res, id }) => {
      if (!knownId(id)) return noView(res)
      const fields = await readBody(savedViewChangeSchema, req, res)
      if (!fields) return
      const outcome = await views.change(id, user, fields)
      if ('view' in outcome) return sendJson(res, 200, outcome.view)
      if (outcome.refused === 'forbidden') return sendError(res, 403, onlyOwner('change'))
      if (outcome.refused === 'duplicate') return duplicate(res, outcome)
      if (outcome.refused === 'full') return full(res, outcome)
      noView(res)
    }),

    remove: signedIn(async ({ user, res, id }) => {
      if (!knownId(id)) return noView(res)
      const outcome = await views.remove(id, user)
      if ('refused' in outcome) {
        if (outcome.refused === 'forbidden') return sendError(res, 403, onlyOwner('delete'))
        return noView(res)
      }
      res.writeHead(204, { 'Cache-Control': 'no-store' }).end()
    }),
  }
}
