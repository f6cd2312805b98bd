import type { Db } from '../db/open.ts'
import type { RolledVideo } from './video-attributes.ts'

/** Writes rolled demo videos: the video row, its listings, posters and subtitle track. */
export function videoRowWriter(db: Db, ids: () => string, subtitleKey: string | null) {
  const insert = db.prepare(
    `INSERT INTO videos (public_id, business_id, channel_id, status, video_type, access, audio_disabled, caption, description,
       duration, width, height, size_bytes, hashtags, archived_at, published_at, action_type, action_url, action_custom_label,
       custom_fields, display_social_attributions, external_media, content_generation_type, storage_key, thumbnail_url,
       process_after, created_event_sent, created_at, updated_at)
     VALUES (@public_id, @business_id, @channel_id, @status, @video_type, @access, @audio_disabled, @caption, @description,
       @duration, @width, @height, @size_bytes, @hashtags, @archived_at, @published_at, @action_type, @action_url, @action_custom_label,
       @custom_fields, @display_social_attributions, @external_media, @content_generation_type, @storage_key, @thumbnail_url,
       @process_after, @created_event_sent, @created_at, @updated_at)`,
  )
  const listing = db.prepare(
    'INSERT INTO video_products (video_id, product_id, unit_id, position, hidden, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  )
  const poster = db.prepare(
    `INSERT INTO video_posters (public_id, video_id, url, aspect_ratio, format, width, height, poster_type, source, external_id, weight)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'static', 'api', ?, ?)`,
  )
  const subtitle = db.prepare(
    'INSERT INTO subtitles (public_id, video_id, language, is_cc, format, storage_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  )

  return (owner: { businessId: number; channel: number }, video: RolledVideo): number => {
    const createdAt = video.columns.created_at
    const { lastInsertRowid } = insert.run({
      public_id: ids(),
      business_id: owner.businessId,
      channel_id: owner.channel,
      ...video.columns,
    })
    const id = Number(lastInsertRowid)
    for (const [position, entry] of video.listings.entries()) {
      listing.run(id, entry.productId, entry.unitId, position, entry.hidden ? 1 : 0, createdAt)
    }
    for (const [index, { image, weight }] of video.posters.entries()) {
      poster.run(
        ids(),
        id,
        image.url,
        image.aspect_ratio,
        image.format,
        image.width,
        image.height,
        `seed-${index + 1}`,
        weight,
      )
    }
    if (video.subtitle && subtitleKey) {
      subtitle.run(
        ids(),
        id,
        video.subtitle.language,
        video.subtitle.closedCaptions ? 1 : 0,
        'vtt',
        subtitleKey,
        createdAt,
      )
    }
    return id
  }
}
