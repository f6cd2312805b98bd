import type { Generated, Kysely, Migration } from 'kysely'
import type { DashboardTables } from '../db/database.ts'

/** Something the dashboard tells one account, or every admin (migration 0011). */
export interface NoticeTable {
  seq: Generated<number>
  id: string
  /** `account`: only `account_id` reads it; `admins`: whoever is an admin when they read. */
  audience: 'account' | 'admins'
  account_id: string | null
  kind: string
  title: string
  body: string
  link: string | null
  created_at: string
}

/** Who has read which notice: a notice to every admin is read by each on their own. */
export interface NoticeReadTable {
  notice_id: string
  account_id: string
  read_at: string
}

// A type, not an interface: Kysely's withTables wants an index signature.
export type NoticeTables = {
  notices: NoticeTable
  notice_reads: NoticeReadTable
}

/** The dashboard's database with the notices' tables. */
export type NoticeDb = Kysely<DashboardTables & NoticeTables>

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was then
type AnyDb = Kysely<any>

export const noticeMigrations = (postgres: boolean): Record<string, Migration> => ({
  '0011_notices': {
    async up(db: AnyDb) {
      await db.schema
        .createTable('notices')
        .addColumn('seq', postgres ? 'bigserial' : 'integer', (c) =>
          postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('id', 'text', (c) => c.notNull().unique())
        .addColumn('audience', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('link', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('notices_audience')
        .on('notices')
        .columns(['audience', 'account_id', 'seq'])
        .execute()
      await db.schema
        .createTable('notice_reads')
        .addColumn('notice_id', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('read_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('notice_reads_pk', ['account_id', 'notice_id'])
        .execute()
    },
  },
})
