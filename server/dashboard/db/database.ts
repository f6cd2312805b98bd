import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  type ColumnType,
  type Generated,
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
} from 'kysely'
import type { Role } from '../../../src/api/roles.ts'
import {
  type IndexTables,
  indexMigration,
  matchingMigration,
  ruleFieldsMigration,
  teamSettingsMigration,
} from '../index/tables.ts'
import { savedViewsMigration, type ViewTables } from '../views/tables.ts'
import { openPool, openSqlite } from './connections.ts'
import { keepingOthers, migrationsRun } from './migrations-run.ts'

export { sqlRegexp } from './connections.ts'

export interface AccountTable {
  id: string
  /** Lower-cased, so one person has one account whatever they type. */
  email: string
  /** Null for accounts that sign in only through the OpenID provider or are still invited. */
  password_hash: string | null
  role: Role
  oidc_subject: string | null
  created_at: string
  deactivated_at: string | null
}

export interface InviteTable {
  /** Names the invitation in lists and revocations; the token never leaves the link. */
  id: string
  token_hash: string
  email: string
  role: Role
  created_by: string
  created_at: string
  expires_at: string
  used_at: string | null
}

/** A one-time link an admin makes for someone to choose a new password. */
export interface PasswordResetTable {
  id: string
  token_hash: string
  account_id: string
  created_by: string
  created_at: string
  expires_at: string
  used_at: string | null
}

export interface AuditTable {
  id: string
  at: string
  account_id: string
  account_email: string
  operation: string
  method: string
  path: string
  status: number
  seq: Generated<number>
  /** Attempts this row stands for: refused sign-ins are summarised, one row a minute (0009). */
  count: Generated<number>
  /** What a summarised row is found by (operation, status, email and minute); null otherwise. */
  summary_key: ColumnType<string | null, string | null | undefined, never>
}

export interface DashboardTables extends IndexTables, ViewTables {
  accounts: AccountTable
  invites: InviteTable
  password_resets: PasswordResetTable
  audit_log: AuditTable
}

export type DashboardDb = Kysely<DashboardTables>

/** `DASHBOARD_DB`'s default: beside the sandbox's data, outside version control. */
export const defaultDashboardDb = join(
  fileURLToPath(new URL('../../../', import.meta.url)),
  '.data',
  'dashboard.db',
)

/**
 * `DATABASE_URL=postgres://…` for PostgreSQL (replicas share it); otherwise the SQLite file
 * `DASHBOARD_DB` (`:memory:` in tests). Migrations run before the database is used.
 */
export async function openDashboardDb(location: {
  databaseUrl?: string
  sqlitePath: string
  /** The migrations of areas this module does not know (server/dashboard/areas.ts). */
  areas?: readonly AreaMigrations[]
}): Promise<DashboardDb> {
  const postgres = location.databaseUrl && /^postgres(ql)?:\/\//.test(location.databaseUrl)
  if (!postgres && location.sqlitePath !== ':memory:') {
    mkdirSync(dirname(location.sqlitePath), { recursive: true })
  }
  const db = new Kysely<DashboardTables>({
    dialect: postgres
      ? new PostgresDialect({ pool: openPool(location.databaseUrl ?? '') })
      : new SqliteDialect({ database: openSqlite(location.sqlitePath) }),
  })
  const provider = dashboardMigrations(Boolean(postgres), location.areas)
  const { error } = await new Migrator({
    db,
    provider: keepingOthers(provider, await migrationsRun(db)),
    // The areas' migrations and the core ones interleave by name, each on tables of its own: a
    // database a tool opened without the areas (user:add) still takes theirs later.
    allowUnorderedMigrations: true,
  }).migrateToLatest()
  if (error) {
    await db.destroy()
    throw error
  }
  return db
}

/**
 * An area's own migrations, named in the same sequence as these (an area's tables are its own:
 * this module runs their migrations without knowing them).
 */
export type AreaMigrations = (postgres: boolean) => Record<string, Migration>

/** Every migration, by name; applied in name order. Exported so tests can stop at an older one. */
export function dashboardMigrations(
  postgres: boolean,
  areas: readonly AreaMigrations[] = [],
): MigrationProvider {
  const all: Record<string, Migration> = {
    '0001_accounts_and_audit': {
      async up(db) {
        await db.schema
          .createTable('accounts')
          .addColumn('id', 'text', (column) => column.primaryKey())
          .addColumn('email', 'text', (column) => column.notNull().unique())
          .addColumn('password_hash', 'text')
          .addColumn('role', 'text', (column) => column.notNull())
          .addColumn('oidc_subject', 'text', (column) => column.unique())
          .addColumn('created_at', 'text', (column) => column.notNull())
          .addColumn('deactivated_at', 'text')
          .execute()
        await db.schema
          .createTable('invites')
          .addColumn('token_hash', 'text', (column) => column.primaryKey())
          .addColumn('email', 'text', (column) => column.notNull())
          .addColumn('role', 'text', (column) => column.notNull())
          .addColumn('created_by', 'text', (column) => column.notNull())
          .addColumn('created_at', 'text', (column) => column.notNull())
          .addColumn('expires_at', 'text', (column) => column.notNull())
          .addColumn('used_at', 'text')
          .execute()
        // seq orders entries written in the same millisecond, on either database.
        await db.schema
          .createTable('audit_log')
          .addColumn('seq', postgres ? 'bigserial' : 'integer', (column) =>
            postgres ? column.primaryKey() : column.primaryKey().autoIncrement(),
          )
          .addColumn('id', 'text', (column) => column.notNull().unique())
          .addColumn('at', 'text', (column) => column.notNull())
          .addColumn('account_id', 'text', (column) => column.notNull())
          .addColumn('account_email', 'text', (column) => column.notNull())
          .addColumn('operation', 'text', (column) => column.notNull())
          .addColumn('method', 'text', (column) => column.notNull())
          .addColumn('path', 'text', (column) => column.notNull())
          .addColumn('status', 'integer', (column) => column.notNull())
          .execute()
        await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute()
      },
    },
    // PostgreSQL compares text by the database's collation (often linguistic: 'é' before 'z');
    // byte order, as in SQLite, lists accounts and compares ISO times alike on both.
    '0002_byte_order_text': {
      async up(db) {
        if (!postgres) return
        // The columns ordered by or compared with < and >; equality is byte equality anyway.
        const ordered = [
          ['accounts', 'email'],
          ['invites', 'expires_at'],
          ['audit_log', 'at'],
        ] as const
        for (const [table, column] of ordered) {
          await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} type text collate "C"`.execute(
            db,
          )
        }
      },
    },
    // Admins list and revoke invitations by an id of their own, never by the token's hash.
    '0003_invite_ids': {
      async up(db) {
        await db.schema.alterTable('invites').addColumn('id', 'text').execute()
        const existing = await sql<{
          token_hash: string
        }>`select token_hash from invites`.execute(db)
        for (const { token_hash } of existing.rows) {
          await sql`update invites set id = ${randomUUID()} where token_hash = ${token_hash}`.execute(
            db,
          )
        }
        if (postgres) await sql`alter table invites alter column id set not null`.execute(db)
        await db.schema.createIndex('invites_id').on('invites').column('id').unique().execute()
      },
    },
    '0004_password_resets': {
      async up(db) {
        await db.schema
          .createTable('password_resets')
          .addColumn('id', 'text', (column) => column.primaryKey())
          .addColumn('token_hash', 'text', (column) => column.notNull().unique())
          .addColumn('account_id', 'text', (column) => column.notNull())
          .addColumn('created_by', 'text', (column) => column.notNull())
          .addColumn('created_at', 'text', (column) => column.notNull())
          .addColumn('expires_at', 'text', (column) => column.notNull())
          .addColumn('used_at', 'text')
          .execute()
        await db.schema
          .createIndex('password_resets_account_id')
          .on('password_resets')
          .column('account_id')
          .execute()
        // Compared with < and >, like the invitations' (0002).
        if (postgres)
          await sql`alter table password_resets alter column expires_at type text collate "C"`.execute(
            db,
          )
      },
    },
    '0005_merchandising_index': indexMigration(postgres),
    '0006_review_queue': matchingMigration(postgres),
    '0007_team_settings': teamSettingsMigration,
    '0008_saved_views': savedViewsMigration,
    '0009_audit_summaries': {
      async up(db) {
        await db.schema
          .alterTable('audit_log')
          .addColumn('count', 'integer', (column) => column.notNull().defaultTo(1))
          .execute()
        await db.schema.alterTable('audit_log').addColumn('summary_key', 'text').execute()
        // Rows without a key (every change) do not collide: both databases let NULLs repeat.
        await db.schema
          .createIndex('audit_log_summary_key')
          .on('audit_log')
          .column('summary_key')
          .unique()
          .execute()
      },
    },
    // The index's own, so every dashboard database has what the index writes, areas or not.
    '0013_index_rule_fields': ruleFieldsMigration(postgres),
  }
  for (const area of areas) Object.assign(all, area(postgres))
  return { getMigrations: async () => all }
}
