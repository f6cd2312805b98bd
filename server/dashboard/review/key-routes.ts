import type { Hono } from 'hono'
import { defaultKeyMap, type KeyMap, keyMapSchema } from '../../../src/api/review.ts'
import { audited } from '../auth/audit-trail.ts'
import { allow } from '../auth/role-gate.ts'
import type { DashboardEnv } from '../http/context.ts'
import { sendError, sendJson } from '../http/json-response.ts'
import { type ReviewDeps, readBody, signedIn } from './review-context.ts'

/** The person's map as kept, the defaults for any action it does not name (an older map). */
function keysOf(stored: string | undefined): KeyMap {
  if (!stored) return defaultKeyMap
  const parsed = keyMapSchema.safeParse({ keys: { ...defaultKeyMap, ...JSON.parse(stored) } })
  return parsed.success ? parsed.data.keys : defaultKeyMap
}

/** Two actions on one key: only one of them could ever run. */
function clashes(keys: KeyMap) {
  const byKey = new Map<string, string[]>()
  for (const [action, code] of Object.entries(keys))
    byKey.set(code, [...(byKey.get(code) ?? []), action])
  return [...byKey].filter(([, actions]) => actions.length > 1)
}

/**
 * `/keys`: each person's review keys (physical keys, `KeyboardEvent.code`). Viewers may keep a map
 * too: it changes nothing of the team's.
 */
export function mountKeys(app: Hono<DashboardEnv>, deps: ReviewDeps) {
  app.get(
    '/keys',
    allow('viewer', 'dashboard.reviewKeys'),
    signedIn(async ({ user, res }) => {
      const row = await deps.db
        .selectFrom('review_key_maps')
        .select('keys')
        .where('account_id', '=', user.id)
        .executeTakeFirst()
      sendJson(res, 200, { keys: keysOf(row?.keys) })
    }),
  )
  app.put(
    '/keys',
    allow('viewer', 'dashboard.saveReviewKeys'),
    audited('dashboard.saveReviewKeys'),
    signedIn(async ({ user, req, res }) => {
      const body = await readBody(keyMapSchema, req, res, 'the key map')
      if (!body) return
      const clash = clashes(body.keys)[0]
      if (clash)
        return sendError(
          res,
          400,
          `${clash[1].join(' and ')} are both on ${clash[0]}: give each action its own key`,
        )
      const row = {
        account_id: user.id,
        keys: JSON.stringify(body.keys),
        updated_at: new Date().toISOString(),
      }
      await deps.db
        .insertInto('review_key_maps')
        .values(row)
        .onConflict((conflict) =>
          conflict.column('account_id').doUpdateSet({ keys: row.keys, updated_at: row.updated_at }),
        )
        .execute()
      sendJson(res, 200, { keys: body.keys })
    }),
  )
}
