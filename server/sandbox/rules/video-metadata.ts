import type { VideoMetadata, VideoUpdate } from '../../../src/api/generated/types.gen.ts'
import type { Grant } from '../auth/tokens.ts'
import type { Sandbox } from '../context.ts'
import { unprocessable } from '../http/api-error.ts'
import { findStore, firstStore } from './access.ts'
import { storeRemoteImage } from './remote-images.ts'
import { applyTagging } from './tagging.ts'
import type { VideoRow } from './video-view.ts'

type Input = VideoMetadata | VideoUpdate

// Columns a metadata body can set, checked together so a rule that spans fields (CTA, social
// attribution) sees the video as it will be, not just the request.
export function metadataColumns(
  input: Input,
  current: Pick<
    VideoRow,
    'action_type' | 'action_url' | 'action_custom_label' | 'external_media'
  > | null,
): Record<string, unknown> {
  const columns: Record<string, unknown> = {}
  const copy = ['caption', 'description', 'access'] as const
  for (const key of copy) if (input[key] !== undefined) columns[key] = input[key]
  if (input.audio_disabled !== undefined) columns.audio_disabled = input.audio_disabled ? 1 : 0
  if (input.hashtags !== undefined) columns.hashtags = JSON.stringify(input.hashtags)
  if (input.custom_fields !== undefined) columns.custom_fields = JSON.stringify(input.custom_fields)
  if (input.archived_at !== undefined)
    columns.archived_at = parseTime(input.archived_at, 'archived_at')
  if (input.external_media !== undefined) {
    columns.external_media = JSON.stringify({
      source: input.external_media.source,
      url: input.external_media.url,
      username: input.external_media.username,
      navigation_enabled: input.external_media.navigation_enabled ?? true,
    })
  }
  if (input.display_social_attributions !== undefined) {
    columns.display_social_attributions = input.display_social_attributions ? 1 : 0
    const hasMedia = input.external_media !== undefined || !!current?.external_media
    if (input.display_social_attributions && !hasMedia) {
      throw unprocessable('display_social_attributions requires external_media with source and url')
    }
  }
  Object.assign(columns, ctaColumns(input, current))
  return columns
}

function ctaColumns(
  input: Input,
  current: Pick<VideoRow, 'action_type' | 'action_url' | 'action_custom_label'> | null,
) {
  const touched =
    input.action_type !== undefined ||
    input.action_url !== undefined ||
    input.action_custom_label !== undefined
  if (!touched) return {}
  const type = input.action_type !== undefined ? input.action_type : (current?.action_type ?? null)
  if (type === null) {
    if (input.action_url || input.action_custom_label) {
      throw unprocessable('action_url and action_custom_label need an action_type')
    }
    return { action_type: null, action_url: null, action_custom_label: null }
  }
  const url = input.action_url !== undefined ? input.action_url : (current?.action_url ?? null)
  if (!url) throw unprocessable('action_url is required when action_type is present')
  if (input.action_custom_label && type !== 'custom') {
    throw unprocessable('action_custom_label is allowed only with action_type custom')
  }
  const label =
    type === 'custom'
      ? input.action_custom_label !== undefined
        ? input.action_custom_label
        : (current?.action_custom_label ?? null)
      : null
  return { action_type: type, action_url: url, action_custom_label: label }
}

export function parseTime(value: string | null, field: string): number | null {
  if (value === null) return null
  const ms = Date.parse(value)
  if (Number.isNaN(ms)) throw unprocessable(`${field} is not a valid date-time`)
  return ms
}

export function storeForTagging(
  sandbox: Sandbox,
  grant: Grant,
  storePublicId: string | undefined,
): number | null {
  if (storePublicId) return findStore(sandbox.db, grant, storePublicId).id
  return firstStore(sandbox.db, grant.businessId)?.id ?? null
}

export function writeColumns(sandbox: Sandbox, videoId: number, columns: Record<string, unknown>) {
  const keys = Object.keys(columns)
  if (keys.length === 0) return
  sandbox.db
    .prepare(`UPDATE videos SET ${keys.map((key) => `${key} = @${key}`).join(', ')} WHERE id = @id`)
    .run({ ...columns, id: videoId })
}

export function writeTagging(
  sandbox: Sandbox,
  videoId: number,
  storeId: number | null,
  input: Input,
  now: number,
) {
  applyTagging(sandbox.db, videoId, storeId, input, now)
}

// poster_url: a .jpg or .png URL replaces the video's posters; null or '' removes them.
export async function fetchPosterFromUrl(
  sandbox: Sandbox,
  videoPublicId: string,
  url: string | null | undefined,
) {
  if (url === undefined || url === null || url === '') return null
  return storeRemoteImage(sandbox, url, ['jpg', 'png'], `posters/${videoPublicId}-${Date.now()}`)
}

export function replacePosters(
  sandbox: Sandbox,
  videoId: number,
  poster: Awaited<ReturnType<typeof fetchPosterFromUrl>>,
) {
  sandbox.db.prepare('DELETE FROM video_posters WHERE video_id = ?').run(videoId)
  if (!poster) return
  sandbox.db
    .prepare(
      `INSERT INTO video_posters (public_id, video_id, url, aspect_ratio, format, width, height, poster_type, source, external_id, weight)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'api', NULL, NULL)`,
    )
    .run(
      sandbox.ids(),
      videoId,
      poster.url,
      poster.aspect_ratio,
      poster.format,
      poster.width,
      poster.height,
      poster.format === 'gif' ? 'animated' : 'static',
    )
}
