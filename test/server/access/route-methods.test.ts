/**
 * Every route of the dashboard's table, read from the Hono app that serves it, sent every method
 * as someone signed out and as each role, each time with a JSON body that would change the team's
 * readiness setting. Only a method a route declares acts, and only for the role its gate names:
 * anything else changes nothing (the dashboard's own tables, the audit log's successes, the
 * sender's session) and is refused. GET, HEAD and OPTIONS never change anything.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type Role, roleAllows, roles } from '@/api/roles.ts'
import { roleOfGate } from '../../../server/dashboard/auth/role-gate.ts'
import { readinessSettings } from '../../../server/dashboard/index/readiness.ts'
import {
  probe,
  type RouteTableDashboard,
  startRouteTableDashboard,
} from './route-table-dashboard.ts'

const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const
const safe = new Set(['GET', 'HEAD', 'OPTIONS'])
type Who = Role | 'signed out'
const everyone: Who[] = ['signed out', ...roles]

let dashboard: RouteTableDashboard
beforeAll(async () => {
  dashboard = await startRouteTableDashboard()
}, 60_000)
afterAll(() => dashboard?.close())

interface RouteEntry {
  /** Methods named by the route itself, with the role its gate lets through (none: anyone). */
  methods: Map<string, Role | undefined>
  /** Whether `app.all` takes every method here, and its gate's role. */
  all: boolean
  allRole: Role | undefined
}

/** The table by path pattern, as the app registered it (app.use's middleware left out). */
function routeTable(routes: RouteTableDashboard['routes']) {
  const table = new Map<string, RouteEntry>()
  for (const route of routes) {
    // app.use registers its middleware under '/*'; the table's own catch-all is '*'.
    if (route.path === '/*' && route.method === 'ALL') continue
    const entry = table.get(route.path) ?? { methods: new Map(), all: false, allRole: undefined }
    table.set(route.path, entry)
    const role = roleOfGate(route.handler)
    if (route.method === 'ALL') {
      entry.all = true
      entry.allRole ??= role
    } else entry.methods.set(route.method, entry.methods.get(route.method) ?? role)
  }
  return table
}

const concrete = (pattern: string) =>
  pattern === '*' ? '/route-table-probe' : pattern.replace(/:\w+|\*/g, 'route-table-probe')

/** What people can change: the dashboard's tables but the audit log and the index's own. */
async function state() {
  const db = dashboard.db
  const tables = (await db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => name !== 'audit_log' && !name.startsWith('index'))
    .sort()
  const rows: Record<string, string[]> = {}
  for (const name of tables) {
    const result = await sql<object>`select * from ${sql.table(name)}`.execute(db)
    rows[name] = result.rows.map((row) => JSON.stringify(row)).sort()
  }
  return rows
}

const lastSeq = async () =>
  Number(
    (
      await dashboard.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .executeTakeFirst()
    )?.seq ?? 0,
  )

/** A body that would change the readiness setting, whatever it is now. */
async function changingBody() {
  const { required } = await readinessSettings(dashboard.db)
  return JSON.stringify({
    required: required.includes('subtitles') ? ['caption'] : ['caption', 'subtitles'],
  })
}

describe('the route table', () => {
  it('lets only the methods each route declares act, and only for its role', async () => {
    const table = routeTable(dashboard.routes)
    expect(table.get('/api/dashboard/settings/readiness')?.methods).toEqual(
      new Map([
        ['GET', 'viewer'],
        ['PUT', 'admin'],
      ]),
    )
    // The areas' sub-apps are in the table with their own gates.
    expect(table.get('/api/dashboard/rules/rules/:id')?.methods).toEqual(
      new Map([
        ['GET', 'viewer'],
        ['PUT', 'editor'],
        ['DELETE', 'editor'],
      ]),
    )
    expect(table.get('/api/dashboard/rules/settings')?.methods.get('PUT')).toBe('admin')
    // The review's sub-app (issue 36) is in the table with its gates.
    expect(table.get('/api/dashboard/review/videos/:id/decisions')?.methods).toEqual(
      new Map([['POST', 'editor']]),
    )
    expect(table.get('/api/dashboard/review/disagreements/:videoId/settle')?.methods).toEqual(
      new Map([['POST', 'admin']]),
    )
    const errors = vi.spyOn(console, 'error')
    const wrong: string[] = []
    for (const [pattern, entry] of table) {
      const path = concrete(pattern)
      for (const method of methods) {
        const named = method === 'HEAD' ? 'GET' : method
        const declared = entry.methods.has(named)
        const role = declared ? entry.methods.get(named) : entry.allRole
        for (const who of everyone) {
          const allowed =
            role === undefined || (who !== 'signed out' && roleAllows(who, role as Role))
          // The catch-alls and the forwarder (app.all) act on nothing sent here: the webhook
          // needs the service's signature, and only the contract's operations are forwarded
          // (the access matrix sends each of those).
          const mayAct = declared && allowed && !safe.has(method)
          const headers =
            who === 'signed out'
              ? { origin: dashboard.url, 'x-dashboard-request': '1' }
              : dashboard.sessions[who]
          const before = { state: await state(), seq: await lastSeq() }
          const answer = await probe(dashboard.url, path, method, headers, await changingBody())
          const what = `${method} ${pattern} as ${who}: ${answer.status} ${answer.body.slice(0, 80)}`
          const succeeded = await dashboard.db
            .selectFrom('audit_log')
            .select('operation')
            .where('seq', '>', before.seq)
            .where('method', '=', method)
            .where('path', '=', path)
            .where('status', '<', 400)
            .execute()
          const sessionKept =
            who === 'signed out' ||
            (await probe(dashboard.url, '/auth/me', 'GET', dashboard.sessions[who])).status === 200
          if (!sessionKept) await dashboard.signInAs(who as Role)
          if (!mayAct) {
            if (JSON.stringify(await state()) !== JSON.stringify(before.state))
              wrong.push(`${what} — changed the dashboard's data`)
            if (succeeded.length > 0) wrong.push(`${what} — audited as done`)
            if (!sessionKept) wrong.push(`${what} — ended the session`)
          }
          const gateRefusal = who === 'signed out' ? 401 : 403
          if ((declared || entry.all) && !allowed && answer.status !== gateRefusal)
            wrong.push(`${what} — expected the gate's ${gateRefusal}`)
          if (!declared && entry.methods.size > 0 && ![401, 403, 404, 405].includes(answer.status))
            wrong.push(`${what} — a method the route does not take`)
          if (declared && allowed && role !== undefined) {
            const refusedHere =
              [401, 403, 405].includes(answer.status) || answer.body === '{"error":"Not found"}'
            if (refusedHere) wrong.push(`${what} — refused though the route lets ${who} in`)
          }
        }
      }
    }
    expect(wrong).toEqual([])
    // HEAD is the GET route's answer without its body, written once.
    expect(errors).not.toHaveBeenCalled()
  }, 240_000)
})
