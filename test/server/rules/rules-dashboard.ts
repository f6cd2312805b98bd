import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import type { Channel, Video } from '@/api/generated/types.gen.ts'
import type { Role } from '@/api/roles.ts'
import type { RuleDefinition } from '@/api/rules.ts'
import { areaMigrations } from '../../../server/dashboard/areas.ts'
import { openDashboardDb } from '../../../server/dashboard/db/database.ts'
import { startDashboard } from '../../../server/dashboard/start.ts'
import { type RawResponse, send } from '../dashboard/http-client.ts'
import { createTempDist } from '../dashboard/temp-dist.ts'
import { createTestAccount, signIn, testPassword } from '../support/accounts.ts'
import { waitUntil } from '../wait-until.ts'

/** Two editors, an admin and a viewer. */
export const people = { ed: 'editor', eve: 'editor', admin: 'admin', vic: 'viewer' } as const
export type Person = keyof typeof people

/**
 * A production dashboard over its embedded sandbox (demo seed, its webhooks on), the index
 * filled, the people above signed in; `as` sends what the app sends.
 */
export async function startRulesDashboard(seedVideos = 12) {
  const dir = await mkdtemp(join(tmpdir(), 'rules-dashboard-'))
  const dashboardDb = join(dir, 'dashboard.db')
  const db = await openDashboardDb({ sqlitePath: dashboardDb, areas: areaMigrations })
  for (const [name, role] of Object.entries(people))
    await createTestAccount(db, { email: `${name}@example.com`, role: role as Role })
  await db.destroy()
  const dist = await createTempDist()
  const dashboard = await startDashboard({
    port: 0,
    mode: 'production',
    distDir: dist.dir,
    dashboardDb,
    sandbox: { port: 0, db: ':memory:', seedVideos, dataDir: dir, timeScale: 100 },
    index: {},
    log: () => {},
  })
  const sessions = {} as Record<Person, Record<string, string>>
  for (const [name, role] of Object.entries(people))
    sessions[name as Person] = await signIn(dashboard.url, {
      email: `${name}@example.com`,
      password: testPassword,
      role,
    })
  const as = (who: Person, method: string, path: string, body?: unknown): Promise<RawResponse> =>
    send(dashboard.url, path, {
      method,
      headers: { ...sessions[who], 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  await waitUntil(
    async () => (await as('vic', 'GET', '/api/dashboard/index/status')).json().state === 'ready',
    'the index to be filled',
    { timeoutMs: 30_000, intervalMs: 100 },
  )
  const channel = ((await as('vic', 'GET', '/api/v1/channels')).json().channels as Channel[])[0]
    ?.id as string
  const videos = async () => {
    const answer = await as('vic', 'GET', `/api/v1/videos?channel_id=${channel}&page_size=100`)
    return answer.json().videos as Video[]
  }
  return {
    url: dashboard.url,
    as,
    channel,
    videos,
    /** Audit entries of one operation, newest first, as the admin reads them. */
    audit: async (operation: string) =>
      (await as('admin', 'GET', `/auth/audit?operation=${operation}`)).json().entries as Array<{
        account_email: string
        path: string
        status: number
      }>,
    async close() {
      await dashboard.close()
      await dist.remove()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

export type RulesDashboard = Awaited<ReturnType<typeof startRulesDashboard>>

/** For a test file: a rules dashboard up for its tests, read through the returned getter. */
export function rulesDashboard(seedVideos?: number) {
  let running: RulesDashboard | undefined
  beforeAll(async () => {
    running = await startRulesDashboard(seedVideos)
  }, 90_000)
  afterAll(async () => {
    await running?.close()
  })
  return () => running as RulesDashboard
}

/** A rule a merchandiser would write: new #summer videos to the top of a playlist. */
export const summerRule = (channel: string, playlist = 'pl-summer'): RuleDefinition => ({
  name: 'Summer to the top',
  description: '',
  channel_id: channel,
  trigger: { type: 'video_created' },
  conditions: { group: 'all', children: [{ field: 'hashtag', op: 'has', value: 'summer' }] },
  actions: [{ type: 'playlist_add', playlist_id: playlist, position: 'top' }],
  priority: 100,
})

export const rulesApi = (path: string) => `/api/dashboard/rules${path}`
