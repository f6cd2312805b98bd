import { type Kysely, type Migration, sql } from 'kysely'

/** A library filter saved under a name (issue 21's saved views, migration 0008). */
export interface SavedViewTable {
  /** Random and url-safe: it names the view in paths. */
  id: string
  name: string
  /** The account that saved it (accounts.id). */
  owner_id: string
  /** 1 when the whole team sees it, 0 when only its owner does. */
  shared: number
  /** JSON object: the library's URL search params, kept as the app sent them. */
  search: string
  created_at: string
  updated_at: string
}

export interface ViewTables {
  saved_views: SavedViewTable
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was then
type AnyDb = Kysely<any>

/**
 * Saved views. The sidebar lists one's own views beside the team's, so a name is unique among
 * the team's shared views and among each person's own; a personal view may share a shared
 * view's name (it is listed in the other group). Partial indexes enforce both, on either database.
 */
export const savedViewsMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('saved_views')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('owner_id', 'text', (c) => c.notNull())
      .addColumn('shared', 'integer', (c) => c.notNull())
      .addColumn('search', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('saved_views_personal_name')
      .on('saved_views')
      .columns(['owner_id', 'name'])
      .unique()
      .where(sql.ref('shared'), '=', 0)
      .execute()
    await db.schema
      .createIndex('saved_views_shared_name')
      .on('saved_views')
      .column('name')
      .unique()
      .where(sql.ref('shared'), '=', 1)
      .execute()
  },
}
