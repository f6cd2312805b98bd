import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getRequestListener } from '@hono/node-server'
import type { Role } from '@/api/roles.ts'
import { composeDashboard } from '../../../server/dashboard/compose.ts'
import { checkWithoutHashing } from '../auth/sign-in-dashboard.ts'
import { createTempDist } from '../dashboard/temp-dist.ts'
import { addAccounts, signIn, type TestAccount } from '../support/accounts.ts'
import { waitUntil } from '../wait-until.ts'

/**
 * A production dashboard over its embedded sandbox with the index on and one account per role,
 * composed here rather than by startDashboard so that the test holds the very Hono app that
 * serves it: its route table is `routes`.
 */
export async function startRouteTableDashboard() {
  const [dist, dataDir] = await Promise.all([
    createTempDist(),
    mkdtemp(join(tmpdir(), 'route-table-')),
  ])
  const dashboardDb = join(dataDir, 'dashboard.db')
  const roles = ['viewer', 'editor', 'admin'] as const
  const accounts = await addAccounts({ sqlitePath: dashboardDb }, roles)
  const server = createServer()
  const dashboard = await composeDashboard(
    {
      mode: 'production',
      distDir: dist.dir,
      dashboardDb,
      sandbox: { port: 0, db: ':memory:', seedVideos: 3, dataDir, timeScale: 100 },
      index: {},
      // Sessions are signed in afresh whenever a request ended one: without argon2's 0.1 s.
      signInThrottle: { verifyPassword: checkWithoutHashing },
      log: () => {},
    },
    server,
  )
  server.on('request', getRequestListener(dashboard.routes.fetch, { autoCleanupIncoming: false }))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  await dashboard.connectService(port)
  const url = `http://127.0.0.1:${port}`
  const sessions = {} as Record<Role, Record<string, string>>
  const signInAs = async (role: Role) => {
    sessions[role] = await signIn(url, accounts[role] as TestAccount)
    return sessions[role]
  }
  for (const role of roles) await signInAs(role)
  await waitUntil(
    async () => (await probe(url, '/api/dashboard/index/status', 'GET', sessions.viewer)).ready,
    'the index to be filled',
    { timeoutMs: 20_000, intervalMs: 100 },
  )
  return {
    url,
    routes: dashboard.routes.routes,
    db: dashboard.access.db,
    sessions,
    signInAs,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await dashboard.close()
      await dist.remove()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

export type RouteTableDashboard = Awaited<ReturnType<typeof startRouteTableDashboard>>

export interface ProbeAnswer {
  status: number
  body: string
  /** The index's status said it is filled (for the start only). */
  ready: boolean
}

/**
 * One request with a JSON body whatever the method (framed by Content-Length). An event stream
 * is answered as soon as its headers arrive, and closed.
 */
export function probe(
  baseUrl: string,
  path: string,
  method: string,
  headers: Record<string, string> = {},
  body = '',
): Promise<ProbeAnswer> {
  const base = new URL(baseUrl)
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        hostname: base.hostname,
        port: base.port,
        path,
        method,
        agent: false,
        headers: {
          ...headers,
          ...(body ? { 'content-type': 'application/json' } : {}),
          'content-length': String(Buffer.byteLength(body)),
        },
      },
      (response) => {
        const status = response.statusCode ?? 0
        if (String(response.headers['content-type']).startsWith('text/event-stream')) {
          response.destroy()
          return resolve({ status, body: '', ready: false })
        }
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('error', reject)
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          resolve({ status, body: text, ready: text.includes('"state":"ready"') })
        })
      },
    )
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}
