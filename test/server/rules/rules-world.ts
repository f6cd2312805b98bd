import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Video } from '@/api/generated/types.gen.ts'
import type { Role } from '@/api/roles.ts'
import type { RuleDefinition, RuleRun } from '@/api/rules.ts'
import { areaMigrations } from '../../../server/dashboard/areas.ts'
import { openDashboardDb } from '../../../server/dashboard/db/database.ts'
import { createServiceTokens } from '../../../server/dashboard/forwarding/service-tokens.ts'
import type { RuleTableMap } from '../../../server/dashboard/rules/rules-deps.ts'
import { type RunningDashboard, startDashboard } from '../../../server/dashboard/start.ts'
import { startSandbox } from '../../../server/sandbox/start.ts'
import { send } from '../dashboard/http-client.ts'
import { createTempDist } from '../dashboard/temp-dist.ts'
import { createTestAccount, signIn, type TestAccount, testPassword } from '../support/accounts.ts'
import type { DatabaseLocation } from '../support/both-databases.ts'
import { waitUntil } from '../wait-until.ts'
import { startServiceProxy } from './service-proxy.ts'
import { startWebhookTee } from './webhook-tee.ts'

/**
 * A sandbox sending its signed webhooks (through a tee that keeps them) to one or more dashboards
 * on one database, each reaching the service through a proxy that can answer in its place; the
 * index filled; an admin, an editor and a viewer signed in on each.
 */
export async function startRulesWorld(
  options: {
    seedVideos?: number
    replicas?: number
    database?: DatabaseLocation
    rules?: { sweepEveryMs?: number; leaseTtlMs?: number }
  } = {},
) {
  const dir = await mkdtemp(join(tmpdir(), 'rules-'))
  const secret = randomBytes(24).toString('base64url')
  const tee = await startWebhookTee()
  const sandbox = await startSandbox({
    port: 0,
    host: '127.0.0.1',
    db: join(dir, 'sandbox.db'),
    dataDir: dir,
    seed: 'demo',
    seedVideos: options.seedVideos ?? 30,
    timeScale: 1000,
    webhookUrl: tee.url,
    webhookSecret: secret,
    log: () => {},
  })
  const proxy = await startServiceProxy(sandbox.url)
  const dist = await createTempDist()
  const location = options.database ?? { sqlitePath: join(dir, 'dashboard.db') }
  // Opened with every area's migrations before the dashboards, as a server would open it.
  const base = await openDashboardDb({ ...location, areas: areaMigrations })
  const db = base.withTables<RuleTableMap>()
  const accounts = {} as Record<Role, TestAccount>
  for (const role of ['admin', 'editor', 'viewer'] as const) {
    accounts[role] = { email: `${role}@example.com`, password: testPassword, role }
    await createTestAccount(base, accounts[role])
  }
  const dashboards: RunningDashboard[] = []
  for (let replica = 0; replica < (options.replicas ?? 1); replica++)
    dashboards.push(
      await startDashboard({
        port: 0,
        mode: 'production',
        distDir: dist.dir,
        dashboardDb: location.sqlitePath,
        ...(location.databaseUrl ? { databaseUrl: location.databaseUrl } : {}),
        service: { baseUrl: proxy.url, clientId: 'demo', clientSecret: 'demo-secret' },
        webhookSecrets: [secret],
        index: {},
        ...(options.rules ? { rules: options.rules } : {}),
        log: () => {},
      }),
    )
  const sessions = await Promise.all(
    dashboards.map(async (dashboard) => {
      const each = {} as Record<Role, Record<string, string>>
      for (const role of ['admin', 'editor', 'viewer'] as const)
        each[role] = await signIn(dashboard.url, accounts[role])
      return each
    }),
  )
  const get = (path: string, role: Role = 'viewer', replica = 0) =>
    send(dashboards[replica]?.url ?? '', path, { headers: sessions[replica]?.[role] ?? {} })
  await waitUntil(
    async () => (await get('/api/dashboard/index/status')).json().state === 'ready',
    'the index to be filled',
    { timeoutMs: 30_000, intervalMs: 100 },
  )
  tee.passTo(dashboards.map((dashboard) => dashboard.url))
  const tokens = createServiceTokens(
    { baseUrl: sandbox.url, clientId: 'demo', clientSecret: 'demo-secret' },
    { timeoutMs: 10_000 },
  )

  /** A request straight to the service, as another client of it would make. */
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${sandbox.url}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await tokens.current()}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
    return (response.status === 204 ? null : await response.json()) as T
  }

  const accountId = async (account: TestAccount) =>
    (
      await db
        .selectFrom('accounts')
        .select('id')
        .where('email', '=', account.email)
        .executeTakeFirstOrThrow()
    ).id

  /** A rule, switched on, as its author saved it (version 1). */
  async function addRule(definition: RuleDefinition, author: TestAccount = accounts.editor) {
    const id = randomUUID()
    const at = new Date().toISOString()
    const authorId = await accountId(author)
    const stored = JSON.stringify(definition)
    await db
      .insertInto('rules')
      .values({
        id,
        channel_id: definition.channel_id,
        name: definition.name,
        definition: stored,
        trigger: definition.trigger.type,
        priority: definition.priority,
        enabled: 1,
        version: 1,
        paused: null,
        author_id: authorId,
        created_at: at,
        updated_at: at,
        updated_by: authorId,
        deleted_at: null,
      })
      .execute()
    await db
      .insertInto('rule_versions')
      .values({
        rule_id: id,
        version: 1,
        definition: stored,
        enabled: 1,
        changes: '["created"]',
        changed_at: at,
        changed_by: authorId,
      })
      .execute()
    return id
  }

  /** The runs of a rule as a viewer reads them, newest first. */
  const runsOf = async (ruleId: string, query = ''): Promise<RuleRun[]> =>
    (await get(`/api/dashboard/rules/runs?rule_id=${ruleId}${query}`)).json().runs

  /**
   * Waits for `count` runs of the rule (on `videoId` alone, if given: a rule wakes on every
   * video's change), none still going; answers them newest first.
   */
  async function settledRuns(ruleId: string, count: number, timeoutMs = 10_000, videoId = '') {
    let runs: RuleRun[] = []
    await waitUntil(
      async () => {
        runs = await runsOf(ruleId, videoId ? `&video_id=${videoId}` : '')
        return runs.length >= count && runs.every((run) => run.outcome !== 'running')
      },
      `${count} finished runs of the rule`,
      { timeoutMs, intervalMs: 50 },
    )
    return runs
  }

  const channels = (await call<{ channels: { id: string }[] }>('GET', '/channels')).channels

  /** A store with products, and a few of them (the first stores may have none). */
  async function catalog() {
    const { stores } = await call<{ stores: { id: string }[] }>('GET', '/business_stores')
    for (const store of stores) {
      const { products } = await call<{ products: { id: string }[] }>(
        'GET',
        `/products?business_store_id=${store.id}&page_size=5`,
      )
      if (products.length > 0)
        return { storeId: store.id, products: products.map((product) => product.id) }
    }
    throw new Error('no store has products')
  }

  /**
   * These videos with their products and hashtags cleared at the service, once the index has
   * heard so (before a test's rules exist, so their webhooks wake none).
   */
  async function clearVideos(videos: Video[]) {
    for (const video of videos)
      await call('PATCH', `/videos/${video.id}`, { product_ids: [], hashtags: [] })
    const ids = videos.map((video) => video.id)
    await waitUntil(
      async () => {
        const rows = await base
          .selectFrom('indexed_videos')
          .select(['product_ids', 'hashtags', 'partial'])
          .where('id', 'in', ids)
          .execute()
        return rows.every(
          (row) => row.product_ids === '[]' && row.hashtags === '[]' && !row.partial,
        )
      },
      'the index to hear the videos cleared',
      { timeoutMs: 10_000, intervalMs: 50 },
    )
    return videos.map((video) => ({ ...video, product_ids: [], hashtags: [] }))
  }

  /** The first videos of a channel, cleared (clearVideos). */
  async function clearedVideos(count: number, channel = channels[0]?.id ?? '') {
    const { videos } = await call<{ videos: Video[] }>(
      'GET',
      `/videos?channel_id=${channel}&page_size=${count}`,
    )
    return clearVideos(videos)
  }

  return {
    sandbox,
    proxy,
    tee,
    db,
    /** The same database, as the dashboard's own modules take it. */
    base,
    dashboards,
    sessions,
    accounts,
    channel: channels[0]?.id as string,
    channels: channels.map((channel) => channel.id),
    catalog,
    clearVideos,
    clearedVideos,
    get,
    call,
    accountId,
    addRule,
    runsOf,
    settledRuns,
    async close() {
      await Promise.all(dashboards.map((dashboard) => dashboard.close()))
      await base.destroy()
      await proxy.close()
      await sandbox.close()
      await tee.close()
      await dist.remove()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

export type RulesWorld = Awaited<ReturnType<typeof startRulesWorld>>
