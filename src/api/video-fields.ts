import type { SparseVideo, Video } from './generated/types.gen'

export type VideoField = keyof Video

/** A Video asked for with `fields`: the named fields plus `id` (document 1, section 2.1). */
export type VideoWith<Field extends VideoField> = Pick<Video, 'id' | Field>

// Typed as a Record over the contract's Video, so the compiler insists on every field and no other.
const everyField = {
  id: true,
  access: true,
  audio_disabled: true,
  caption: true,
  content_generation_type: true,
  description: true,
  duration: true,
  hashtags: true,
  archived_at: true,
  published_at: true,
  is_published: true,
  action_type: true,
  action_type_translation: true,
  action_url: true,
  action_custom_label: true,
  product_ids: true,
  variant_ids: true,
  custom_fields: true,
  display_social_attributions: true,
  external_media: true,
  thumbnail_url: true,
  watch_url: true,
  video_posters: true,
} satisfies Record<VideoField, true>

const everyFieldName = Object.keys(everyField) as VideoField[]

function hasFields<Field extends VideoField>(
  video: SparseVideo,
  fields: readonly Field[],
): video is SparseVideo & VideoWith<Field> {
  return fields.every((field) => field in video)
}

// The contract can only promise `id` on the answers of get, list and playlist videos (a schema
// cannot depend on the query); the documents promise the named fields, or all of them without
// `fields`. This holds the service to that where an answer arrives, so views get exact types and a
// missing field is reported there rather than read as undefined.
export function withFields<Field extends VideoField>(
  video: SparseVideo,
  fields: readonly Field[],
): VideoWith<Field> {
  if (hasFields(video, fields)) return video
  const missing = fields.filter((field) => !(field in video))
  throw new Error(`The video service answered video ${video.id} without ${missing.join(', ')}.`)
}

/** The answer to get (or list) without `fields`: every Video field. */
export function fullVideo(video: SparseVideo): Video {
  return withFields(video, everyFieldName)
}
