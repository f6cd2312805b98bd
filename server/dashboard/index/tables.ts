import { type Kysely, type Migration, sql } from 'kysely'
import type { Video } from '../../../src/api/generated/types.gen.ts'

/** One video as the dashboard last learned it from the service (issue 21's index). */
export interface IndexedVideoTable {
  id: string
  channel_id: string
  caption: string | null
  /** Null when it has none (0013: rows read before it have none until read again). */
  description: string | null
  /** JSON array of strings. */
  hashtags: string
  access: Video['access']
  published_at: string | null
  archived_at: string | null
  duration: number | null
  thumbnail_url: string | null
  poster_count: number
  /** JSON arrays of encoded IDs; the tag table below is what queries search. */
  product_ids: string
  variant_ids: string
  product_count: number
  /** Processing status from the webhooks (pending, approved, errored); null until one says. */
  status: string | null
  /**
   * When what the row holds was true at the service, in ms: a read's start, or a webhook's
   * `created`. Older news is not applied over it.
   */
  source_at: number
  /** Orders the library's way, newest first: the list's order at the backfill, then creation. */
  sort_key: number
  /** When a read of the service last confirmed the row (ISO time). */
  confirmed_at: string
  /** Whether the row still lacks fields a webhook snapshot does not carry. */
  partial: number
  /**
   * When the video was created, as far as the index can tell (the Video has no such field): its
   * `video_created` webhook's time, or when a reconcile or a read first found it; null for the
   * videos the first backfill found, and the rows from before 0013.
   */
  created_at: string | null
}

/** A product or variant on a video: one row per (tag, video). */
export interface IndexedVideoTagTable {
  tag_id: string
  video_id: string
  kind: 'product' | 'variant'
}

export interface IndexedProductTable {
  id: string
  store_id: string
  name: string | null
  brand: string | null
  category: string | null
  currency: string | null
  /** Lower-cased handle, external IDs and unit identifiers (SKU, GTIN, MPN, barcode), spaced. */
  identifiers: string
  /** JSON array of image URLs, in position order. */
  image_urls: string
  /** JSON array of the units' encoded IDs. */
  unit_ids: string
  price_min: number | null
  price_max: number | null
  /** Units counted; null when no unit says how many it has. */
  quantity: number | null
  /** 1 when some unit has stock or does not count it; 0 when every unit is at 0. */
  in_stock: number
  seen_at: string
  /** Set when a full pass over the store no longer found the product. */
  gone_at: string | null
}

/** One backfill or reconcile: its progress while it runs, its outcome after. */
export interface IndexRunTable {
  id: string
  kind: 'backfill' | 'reconcile'
  holder: string
  started_at: string
  finished_at: string | null
  state: 'running' | 'done' | 'failed'
  videos: number
  products: number
  requests: number
  corrected: number
  error: string | null
}

/** A named lease: one replica at a time runs what it guards, until it expires or is released. */
export interface IndexLeaseTable {
  name: string
  holder: string
  expires_at: number
}

/** What the dashboard knows of a video's matching: a job running, suggestions waiting, or done. */
export interface IndexMatchingTable {
  video_id: string
  state: 'in_progress' | 'pending' | 'done'
  /** When the service last said so (ms). */
  checked_at: number
}

/** A team-wide setting of the dashboard, as JSON (migration 0007). */
export interface TeamSettingTable {
  name: string
  value: string
  updated_at: string
  updated_by: string
}

export interface IndexTables {
  indexed_videos: IndexedVideoTable
  indexed_video_tags: IndexedVideoTagTable
  indexed_products: IndexedProductTable
  index_runs: IndexRunTable
  index_leases: IndexLeaseTable
  index_matching: IndexMatchingTable
  team_settings: TeamSettingTable
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was then
type AnyDb = Kysely<any>

/** The index's tables (migration 0005); the same on SQLite and PostgreSQL. */
export function indexMigration(postgres: boolean): Migration {
  const big = postgres ? 'bigint' : 'integer'
  const real = postgres ? 'double precision' : 'real'
  // Ordered and compared as ISO times and IDs, byte for byte on either database (0002).
  const byteOrder = async (db: AnyDb, table: string, columns: string[]) => {
    if (!postgres) return
    for (const column of columns)
      await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} type text collate "C"`.execute(
        db,
      )
  }
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('indexed_videos')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('channel_id', 'text', (c) => c.notNull())
        .addColumn('caption', 'text')
        .addColumn('hashtags', 'text', (c) => c.notNull())
        .addColumn('access', 'text')
        .addColumn('published_at', 'text')
        .addColumn('archived_at', 'text')
        .addColumn('duration', real)
        .addColumn('thumbnail_url', 'text')
        .addColumn('poster_count', 'integer', (c) => c.notNull())
        .addColumn('product_ids', 'text', (c) => c.notNull())
        .addColumn('variant_ids', 'text', (c) => c.notNull())
        .addColumn('product_count', 'integer', (c) => c.notNull())
        .addColumn('status', 'text')
        .addColumn('source_at', big, (c) => c.notNull())
        .addColumn('sort_key', big, (c) => c.notNull())
        .addColumn('confirmed_at', 'text', (c) => c.notNull())
        .addColumn('partial', 'integer', (c) => c.notNull())
        .execute()
      await byteOrder(db, 'indexed_videos', ['id', 'published_at', 'archived_at', 'confirmed_at'])
      await db.schema
        .createIndex('indexed_videos_channel_sort')
        .on('indexed_videos')
        .columns(['channel_id', 'sort_key', 'id'])
        .execute()
      await db.schema
        .createTable('indexed_video_tags')
        .addColumn('tag_id', 'text', (c) => c.notNull())
        .addColumn('video_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('indexed_video_tags_pk', ['tag_id', 'video_id'])
        .execute()
      await db.schema
        .createIndex('indexed_video_tags_video')
        .on('indexed_video_tags')
        .column('video_id')
        .execute()
      await db.schema
        .createTable('indexed_products')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text')
        .addColumn('brand', 'text')
        .addColumn('category', 'text')
        .addColumn('currency', 'text')
        .addColumn('identifiers', 'text', (c) => c.notNull())
        .addColumn('image_urls', 'text', (c) => c.notNull())
        .addColumn('unit_ids', 'text', (c) => c.notNull())
        .addColumn('price_min', real)
        .addColumn('price_max', real)
        .addColumn('quantity', 'integer')
        .addColumn('in_stock', 'integer', (c) => c.notNull())
        .addColumn('seen_at', 'text', (c) => c.notNull())
        .addColumn('gone_at', 'text')
        .execute()
      await byteOrder(db, 'indexed_products', ['seen_at', 'gone_at'])
      await db.schema
        .createIndex('indexed_products_store')
        .on('indexed_products')
        .column('store_id')
        .execute()
      await db.schema
        .createTable('index_runs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('videos', 'integer', (c) => c.notNull())
        .addColumn('products', 'integer', (c) => c.notNull())
        .addColumn('requests', 'integer', (c) => c.notNull())
        .addColumn('corrected', 'integer', (c) => c.notNull())
        .addColumn('error', 'text')
        .execute()
      await byteOrder(db, 'index_runs', ['started_at', 'finished_at'])
      await db.schema
        .createIndex('index_runs_started')
        .on('index_runs')
        .column('started_at')
        .execute()
      await db.schema
        .createTable('index_leases')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('expires_at', big, (c) => c.notNull())
        .execute()
    },
  }
}

/** The review queue's own knowledge (migration 0006), instead of an undocumented list filter. */
export function matchingMigration(postgres: boolean): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('index_matching')
        .addColumn('video_id', 'text', (c) => c.primaryKey())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('checked_at', postgres ? 'bigint' : 'integer', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('index_matching_state')
        .on('index_matching')
        .column('state')
        .execute()
    },
  }
}

/** What the rules' conditions read that the index lacked (issue 37, migration 0013). */
export function ruleFieldsMigration(postgres: boolean): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('indexed_videos').addColumn('description', 'text').execute()
      // Compared as ISO times, byte for byte, as the other times (0002).
      await db.schema
        .alterTable('indexed_videos')
        .addColumn('created_at', postgres ? sql`text collate "C"` : 'text')
        .execute()
    },
  }
}

/** Team-wide settings, such as the checks required before publishing (migration 0007). */
export const teamSettingsMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('team_settings')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'text', (c) => c.notNull())
      .execute()
  },
}
