import type { Grant } from '../auth/tokens.ts'
import type { Db } from '../db/open.ts'
import { badRequest, forbidden, notFound } from '../http/api-error.ts'
import { publicIdPattern } from '../ids.ts'
import type { VideoRow } from './video-view.ts'

interface Owned {
  id: number
  business_id: number
}

// A row of another business is 403 (it exists, the caller may not touch it); a missing or
// deleted row is 404.
function owned<T extends Owned>(row: T | undefined, grant: Grant, what: string): T {
  if (!row) throw notFound(what)
  if (row.business_id !== grant.businessId)
    throw forbidden(`No access to this ${what.toLowerCase()}`)
  return row
}

export interface ChannelRow extends Owned {
  public_id: string
  name: string | null
  username: string
  locale: string | null
  country: string | null
  avatar_url: string | null
  bio: string | null
}

export function findChannel(db: Db, grant: Grant, publicId: string): ChannelRow {
  const row = db.prepare('SELECT * FROM channels WHERE public_id = ?').get(publicId) as
    | ChannelRow
    | undefined
  return owned(row, grant, 'Channel')
}

// channel_id may be omitted only when the business has exactly one channel.
export function resolveChannel(
  db: Db,
  grant: Grant,
  publicId: string | undefined | null,
): ChannelRow {
  if (publicId) return findChannel(db, grant, publicId)
  const rows = db
    .prepare('SELECT * FROM channels WHERE business_id = ? LIMIT 2')
    .all(grant.businessId) as ChannelRow[]
  if (rows.length !== 1 || !rows[0])
    throw badRequest('channel_id is required: the business has several channels')
  return rows[0]
}

// A deleted video is gone for every caller: 404, like one that never existed.
export function findVideo(db: Db, grant: Grant, publicId: string): VideoRow {
  const row = db
    .prepare('SELECT * FROM videos WHERE public_id = ? AND deleted_at IS NULL')
    .get(publicId) as VideoRow | undefined
  return owned(row, grant, 'Video')
}

export interface StoreRow extends Owned {
  public_id: string
  name: string | null
  url: string | null
  currency: string
  provider: string
  store_type: string
  uid: string | null
  assistant_linked: number
}

export function findStore(db: Db, grant: Grant, publicId: string): StoreRow {
  if (!publicIdPattern.test(publicId)) throw badRequest('Malformed store ID')
  const row = db
    .prepare('SELECT * FROM stores WHERE public_id = ? AND deleted_at IS NULL')
    .get(publicId) as StoreRow | undefined
  return owned(row, grant, 'Business store')
}

export function firstStore(db: Db, businessId: number): StoreRow | undefined {
  return db
    .prepare(
      'SELECT * FROM stores WHERE business_id = ? AND deleted_at IS NULL ORDER BY id LIMIT 1',
    )
    .get(businessId) as StoreRow | undefined
}

export interface PlaylistRow extends Owned {
  public_id: string
  channel_id: number
  name: string
  description: string | null
  ai_feed_enabled: number
  archived_at: number | null
  updated_at: number
}

export function findPlaylist(db: Db, grant: Grant, publicId: string): PlaylistRow {
  const row = db.prepare('SELECT * FROM playlists WHERE public_id = ?').get(publicId) as
    | PlaylistRow
    | undefined
  return owned(row, grant, 'Playlist')
}

export interface ProductOwnerRow extends Owned {
  public_id: string
  store_id: number
}

export function findProduct(db: Db, grant: Grant, publicId: string): ProductOwnerRow {
  const row = db
    .prepare(
      `SELECT p.id, p.public_id, p.store_id, s.business_id FROM products p JOIN stores s ON s.id = p.store_id
       WHERE p.public_id = ? AND s.deleted_at IS NULL`,
    )
    .get(publicId) as ProductOwnerRow | undefined
  return owned(row, grant, 'Product')
}
