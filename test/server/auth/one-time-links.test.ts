import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createInvites } from '../../../server/dashboard/auth/invites.ts'
import { createPasswordResets } from '../../../server/dashboard/auth/password-resets.ts'
import {
  type DashboardDb,
  dashboardMigrations,
  type InviteTable,
  openDashboardDb,
} from '../../../server/dashboard/db/database.ts'
import { startPostgresServer } from '../support/postgres-server.ts'

type Location = Parameters<typeof openDashboardDb>[0]
/** The tables as migration 0002 left them: invitations had no id yet. */
type BeforeInviteIds = { invites: Omit<InviteTable, 'id'> }

interface TestDatabase {
  location: Location
  /** Another, empty database on the same server (or directory), still unmigrated. */
  another(): Promise<{ location: Location; kysely: Kysely<BeforeInviteIds>; postgres: boolean }>
  stop(): Promise<void>
}

const databases: Array<{ name: string; start(): Promise<TestDatabase> }> = [
  {
    name: 'SQLite',
    async start() {
      const dir = mkdtempSync(join(tmpdir(), 'dashboard-db-'))
      let made = 0
      return {
        location: { sqlitePath: join(dir, 'dashboard.db') },
        async another() {
          const sqlitePath = join(dir, `another-${++made}.db`)
          const kysely = new Kysely<BeforeInviteIds>({
            dialect: new SqliteDialect({ database: new Database(sqlitePath) }),
          })
          return { location: { sqlitePath }, kysely, postgres: false }
        },
        stop: async () => rmSync(dir, { recursive: true, force: true }),
      }
    },
  },
  {
    name: 'PostgreSQL',
    async start() {
      const server = await startPostgresServer()
      let made = 0
      return {
        location: { sqlitePath: ':memory:', databaseUrl: server.url },
        async another() {
          const name = `another_${++made}`
          const admin = new pg.Client({ connectionString: server.url })
          await admin.connect()
          await admin.query(`CREATE DATABASE ${name}`)
          await admin.end()
          const databaseUrl = server.url.replace(/\/[^/]+$/, `/${name}`)
          const kysely = new Kysely<BeforeInviteIds>({
            dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl }) }),
          })
          return { location: { sqlitePath: ':memory:', databaseUrl }, kysely, postgres: true }
        },
        stop: server.stop,
      }
    },
  },
]

/** The admin whose links these are: a link works only while its maker is an active admin. */
const addAdmin = (db: DashboardDb, id: string, email: string) =>
  db
    .insertInto('accounts')
    .values({
      id,
      email,
      password_hash: null,
      role: 'admin',
      oidc_subject: null,
      created_at: '2030-05-01T08:00:00.000Z',
      deactivated_at: null,
    })
    .execute()

const hour = 60 * 60 * 1000
const t0 = Date.parse('2030-05-01T09:00:00.000Z')

describe.each(databases)('one-time links on $name', ({ start }) => {
  let database: TestDatabase
  let db: DashboardDb
  const opened: Array<{ destroy(): Promise<void> }> = []
  let clock = t0
  const now = () => new Date(clock)
  beforeAll(async () => {
    database = await start()
    db = await openDashboardDb(database.location)
    opened.push(db)
    await addAdmin(db, 'admin-id', 'admin@example.com')
  })
  afterAll(async () => {
    await Promise.all(opened.map((each) => each.destroy()))
    await database?.stop()
  })
  beforeEach(async () => {
    clock = t0
    for (const table of ['invites', 'password_resets'] as const)
      await db.deleteFrom(table).execute()
  })

  it('lists open invitations newest first, with who made them but never a token or its hash', async () => {
    const invites = createInvites(db, now)
    const first = await invites.create({
      email: 'a@example.com',
      role: 'viewer',
      createdBy: 'admin-id',
    })
    clock += hour
    const second = await invites.create({
      email: 'b@example.com',
      role: 'admin',
      createdBy: 'admin-id',
    })
    // Its maker's account is gone, and its authority with it.
    await invites.create({ email: 'gone@example.com', role: 'admin', createdBy: 'gone' })
    clock += hour
    const used = await invites.create({
      email: 'c@example.com',
      role: 'editor',
      createdBy: 'admin-id',
    })
    await invites.use(used.token)
    const open = await invites.listOpen()
    expect(open).toEqual([
      {
        id: second.id,
        email: 'b@example.com',
        role: 'admin',
        createdBy: 'admin@example.com',
        createdAt: '2030-05-01T10:00:00.000Z',
        expiresAt: second.expiresAt,
      },
      {
        id: first.id,
        email: 'a@example.com',
        role: 'viewer',
        createdBy: 'admin@example.com',
        createdAt: '2030-05-01T09:00:00.000Z',
        expiresAt: first.expiresAt,
      },
    ])
    expect(JSON.stringify(open)).not.toContain(first.token)
    clock = Date.parse(first.expiresAt)
    expect((await invites.listOpen()).map((each) => each.email)).toEqual(['b@example.com'])
  })

  it('revokes an open invitation by its id, once, so its token finds nothing', async () => {
    const invites = createInvites(db, now)
    const made = await invites.create({
      email: 'r@example.com',
      role: 'viewer',
      createdBy: 'admin-id',
    })
    expect(await invites.revoke(made.token)).toBe(false)
    expect(await invites.revoke(made.id)).toBe(true)
    expect(await invites.revoke(made.id)).toBe(false)
    expect(await invites.find(made.token)).toBeUndefined()
    expect(await invites.use(made.token)).toBe(false)
    const used = await invites.create({
      email: 'u@example.com',
      role: 'viewer',
      createdBy: 'admin-id',
    })
    await invites.use(used.token)
    expect(await invites.revoke(used.id)).toBe(false)
  })

  it('gives invitations made before ids existed an id when the database is upgraded', async () => {
    const old = await database.another()
    await new Migrator({
      db: old.kysely,
      provider: dashboardMigrations(old.postgres),
    }).migrateTo('0002_byte_order_text')
    const row = {
      email: 'old@example.com',
      role: 'editor' as const,
      created_by: 'x',
      created_at: now().toISOString(),
      expires_at: new Date(clock + 24 * hour).toISOString(),
      used_at: null,
    }
    await old.kysely
      .insertInto('invites')
      .values({ ...row, token_hash: 'hash-1' })
      .execute()
    await old.kysely
      .insertInto('invites')
      .values({ ...row, token_hash: 'hash-2' })
      .execute()
    await old.kysely.destroy()

    const upgraded = await openDashboardDb(old.location)
    opened.push(upgraded)
    await addAdmin(upgraded, 'x', 'x@example.com')
    const [one, two] = await createInvites(upgraded, now).listOpen()
    expect(one?.id).toMatch(/^[\w-]{20,}$/)
    expect(two?.id).toMatch(/^[\w-]{20,}$/)
    expect(one?.id).not.toBe(two?.id)
    expect(await createInvites(upgraded, now).revoke(one?.id ?? '')).toBe(true)
    expect(await createInvites(upgraded, now).listOpen()).toHaveLength(1)
  })

  it('uses a password reset link once, for its account, and not after 24 hours', async () => {
    const resets = createPasswordResets(db, now)
    const link = await resets.create({ accountId: 'sam-id', createdBy: 'admin-id' })
    expect(link.expiresAt).toBe('2030-05-02T09:00:00.000Z')
    expect(await resets.find(link.token)).toEqual({
      accountId: 'sam-id',
      expiresAt: link.expiresAt,
    })
    expect(await resets.find(`${link.token}x`)).toBeUndefined()
    expect(await resets.use(link.token)).toBe('sam-id')
    expect(await resets.use(link.token)).toBeNull()
    expect(await resets.find(link.token)).toBeUndefined()

    const late = await resets.create({ accountId: 'kim-id', createdBy: 'admin-id' })
    clock = Date.parse(late.expiresAt)
    expect(await resets.find(late.token)).toBeUndefined()
    expect(await resets.use(late.token)).toBeNull()
  })

  it('keeps one open reset link per account: a new one replaces the last', async () => {
    const resets = createPasswordResets(db, now)
    const first = await resets.create({ accountId: 'lee-id', createdBy: 'admin-id' })
    const other = await resets.create({ accountId: 'ana-id', createdBy: 'admin-id' })
    const second = await resets.create({ accountId: 'lee-id', createdBy: 'admin-id' })
    expect(await resets.find(first.token)).toBeUndefined()
    expect(await resets.find(second.token)).toMatchObject({ accountId: 'lee-id' })
    expect(await resets.find(other.token)).toMatchObject({ accountId: 'ana-id' })
  })

  it('lets exactly one of several uses at once take a reset link, across replicas', async () => {
    const { token } = await createPasswordResets(db, now).create({
      accountId: 'race-id',
      createdBy: 'admin-id',
    })
    const replica = await openDashboardDb(database.location)
    opened.push(replica)
    const [a, b] = [createPasswordResets(db, now), createPasswordResets(replica, now)]
    const used = await Promise.all(
      Array.from({ length: 8 }, (_, index) => (index % 2 ? a : b).use(token)),
    )
    expect(used.filter((each) => each === 'race-id')).toHaveLength(1)
  })
})
