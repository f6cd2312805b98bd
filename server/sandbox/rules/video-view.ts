import type { SparseVideo, Video, VideoPoster } from '../../../src/api/generated/types.gen.ts'
import type { Db } from '../db/open.ts'
import { badRequest } from '../http/api-error.ts'
import { isoOrNull } from './time.ts'

export interface VideoRow {
  id: number
  public_id: string
  business_id: number
  channel_id: number
  status: 'pending' | 'approved' | 'errored'
  video_type: string
  access: Video['access']
  audio_disabled: number
  caption: string | null
  description: string | null
  duration: number | null
  width: number | null
  height: number | null
  size_bytes: number | null
  hashtags: string
  archived_at: number | null
  published_at: number | null
  action_type: string | null
  action_url: string | null
  action_custom_label: string | null
  custom_fields: string
  display_social_attributions: number | null
  external_media: string | null
  content_generation_type: 'aigc' | null
  storage_key: string | null
  thumbnail_url: string | null
  import_id: number | null
  created_event_sent: number
  created_at: number
  updated_at: number
}

export const videoFieldNames = [
  'id',
  'access',
  'audio_disabled',
  'caption',
  'content_generation_type',
  'description',
  'duration',
  'hashtags',
  'archived_at',
  'published_at',
  'is_published',
  'action_type',
  'action_type_translation',
  'action_url',
  'action_custom_label',
  'product_ids',
  'variant_ids',
  'custom_fields',
  'display_social_attributions',
  'external_media',
  'thumbnail_url',
  'watch_url',
  'video_posters',
] as const satisfies readonly (keyof Video)[]

type VideoField = (typeof videoFieldNames)[number]
const known = new Set<string>(videoFieldNames)

// null means every field. Whitespace and duplicates are ignored; an unknown name is a 400.
export function parseFields(value: string | undefined): ReadonlySet<VideoField> | null {
  if (value === undefined) return null
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  if (names.length === 0) return null
  for (const name of names) if (!known.has(name)) throw badRequest(`Unknown field name: ${name}`)
  return new Set(['id', ...names] as VideoField[])
}

export function actionTypeTranslation(row: Pick<VideoRow, 'action_type' | 'action_custom_label'>) {
  if (!row.action_type) return null
  if (row.action_type === 'custom') return row.action_custom_label
  const words = row.action_type.replaceAll('_', ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

interface Related {
  posters: Map<number, VideoPoster[]>
  products: Map<number, string[]>
  variants: Map<number, string[]>
}

function loadRelated(db: Db, ids: number[], fields: ReadonlySet<VideoField> | null): Related {
  const related: Related = { posters: new Map(), products: new Map(), variants: new Map() }
  if (ids.length === 0) return related
  const list = ids.join(',')
  if (!fields || fields.has('video_posters')) {
    const rows = db
      .prepare(
        `SELECT video_id, public_id, url, aspect_ratio, format, width, height, poster_type, source, external_id, weight
         FROM video_posters WHERE video_id IN (${list}) ORDER BY coalesce(weight, -1) DESC, id`,
      )
      .all() as Array<Record<string, unknown> & { video_id: number }>
    for (const row of rows) {
      const poster: VideoPoster = {
        id: row.public_id as string,
        url: row.url as string,
        aspect_ratio: row.aspect_ratio as string | null,
        format: row.format as VideoPoster['format'],
        width: row.width as number,
        height: row.height as number,
        video_poster_type: row.poster_type as VideoPoster['video_poster_type'],
        source: row.source as string | null,
        external_id: row.external_id as string | null,
        weight: row.weight as number | null,
      }
      push(related.posters, row.video_id, poster)
    }
  }
  if (!fields || fields.has('product_ids') || fields.has('variant_ids')) {
    const rows = db
      .prepare(
        `SELECT vp.video_id, p.public_id AS product, u.public_id AS unit FROM video_products vp
         JOIN products p ON p.id = vp.product_id LEFT JOIN product_units u ON u.id = vp.unit_id
         WHERE vp.video_id IN (${list}) ORDER BY vp.video_id, vp.position`,
      )
      .all() as Array<{ video_id: number; product: string; unit: string | null }>
    for (const row of rows) {
      if (row.unit) push(related.variants, row.video_id, row.unit)
      else push(related.products, row.video_id, row.product)
    }
  }
  return related
}

function push<T>(map: Map<number, T[]>, key: number, value: T) {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

interface RenderOptions {
  fields: ReadonlySet<VideoField> | null
  publicUrl: string
  now: number
}

// Without fields every Video is whole; with them only the named fields plus id (SparseVideo).
export function renderVideos(
  db: Db,
  rows: VideoRow[],
  options: RenderOptions & { fields: null },
): Video[]
export function renderVideos(db: Db, rows: VideoRow[], options: RenderOptions): SparseVideo[]
export function renderVideos(db: Db, rows: VideoRow[], options: RenderOptions): SparseVideo[] {
  const related = loadRelated(
    db,
    rows.map((row) => row.id),
    options.fields,
  )
  return rows.map((row) => {
    const full = renderOne(row, related, options.publicUrl, options.now)
    for (const poster of full.video_posters) poster.url = absolute(poster.url, options.publicUrl)
    if (!options.fields) return full
    const sparse: SparseVideo = { id: full.id }
    for (const field of options.fields) (sparse as Record<string, unknown>)[field] = full[field]
    return sparse
  })
}

function renderOne(row: VideoRow, related: Related, publicUrl: string, now: number): Video {
  return {
    id: row.public_id,
    access: row.access,
    audio_disabled: row.audio_disabled === 1,
    caption: row.caption,
    content_generation_type: row.content_generation_type,
    description: row.description,
    duration: row.duration,
    hashtags: JSON.parse(row.hashtags) as string[],
    archived_at: isoOrNull(row.archived_at),
    published_at: isoOrNull(row.published_at),
    is_published: row.published_at !== null && row.published_at <= now,
    action_type: row.action_type,
    action_type_translation: actionTypeTranslation(row),
    action_url: row.action_url,
    action_custom_label: row.action_custom_label,
    product_ids: related.products.get(row.id) ?? [],
    variant_ids: related.variants.get(row.id) ?? [],
    custom_fields: JSON.parse(row.custom_fields) as Record<string, string>,
    display_social_attributions:
      row.display_social_attributions === null ? null : row.display_social_attributions === 1,
    external_media: row.external_media ? JSON.parse(row.external_media) : null,
    thumbnail_url: absolute(row.thumbnail_url, publicUrl),
    watch_url: `${publicUrl}/watch/${row.public_id}`,
    video_posters: related.posters.get(row.id) ?? [],
  }
}

// Media the sandbox stores itself is kept as a /cdn path, so URLs follow the public address even
// when it changes between runs.
export function absolute<T extends string | null>(url: T, publicUrl: string): T {
  return (url?.startsWith('/') ? `${publicUrl}${url}` : url) as T
}

export function loadVideoRow(db: Db, id: number): VideoRow {
  return db.prepare('SELECT * FROM videos WHERE id = ?').get(id) as VideoRow
}
