import type { FieldNamesMarkedBoolean } from 'react-hook-form'
import * as z from 'zod'
import type { VideoUpdate } from '@/api/generated/types.gen'
import { zCustomFields, zExternalMediaInput, zVideoUpdate } from '@/api/generated/zod.gen'
import { customFieldKeyPattern, hasExternalMedia, type VideoFormValues } from './form-schema'

type Dirty = Partial<Readonly<FieldNamesMarkedBoolean<VideoFormValues>>>

// react-hook-form marks nested fields one by one; a field counts as changed when anything in it is.
export function isDirty(mark: unknown): boolean {
  if (mark === true) return true
  if (Array.isArray(mark)) return mark.some(isDirty)
  if (mark && typeof mark === 'object') return Object.values(mark).some(isDirty)
  return false
}

// Only the fields the marketer changed go into the PATCH (section 4.5: only supplied fields change).
export function buildPatchBody(values: VideoFormValues, dirty: Dirty): VideoUpdate {
  const body: VideoUpdate = {}
  if (isDirty(dirty.caption)) body.caption = values.caption || null
  if (isDirty(dirty.description)) body.description = values.description || null
  if (isDirty(dirty.access) && values.access !== 'unlisted') body.access = values.access
  if (isDirty(dirty.audio_disabled)) body.audio_disabled = values.audio_disabled
  if (isDirty(dirty.hashtags)) body.hashtags = values.hashtags
  // Supplying custom_fields replaces them all (section 2.6), so a change sends the whole set.
  if (isDirty(dirty.custom_fields)) {
    body.custom_fields = Object.fromEntries(values.custom_fields.map((row) => [row.key, row.value]))
  }
  Object.assign(body, ctaChanges(values, dirty))
  if (isDirty(dirty.external_media) && hasExternalMedia(values.external_media)) {
    body.external_media = { ...values.external_media }
  }
  if (isDirty(dirty.display_social_attributions)) {
    body.display_social_attributions = values.display_social_attributions
  }
  return body
}

// Clearing the type clears URL and label on the service (README, CTA), so only null is sent; a
// label goes only with the custom type.
function ctaChanges(values: VideoFormValues, dirty: Dirty): VideoUpdate {
  const typeChanged = isDirty(dirty.action_type)
  if (values.action_type === '') return typeChanged ? { action_type: null } : {}
  const changes: VideoUpdate = {}
  if (typeChanged) changes.action_type = values.action_type
  if (isDirty(dirty.action_url)) changes.action_url = values.action_url
  if (values.action_type === 'custom' && (typeChanged || isDirty(dirty.action_custom_label))) {
    changes.action_custom_label = values.action_custom_label || null
  }
  return changes
}

// The body as the contract takes it, including what the generated zod leaves out: no unknown
// fields (additionalProperties: false) and the custom-field key pattern. A last check before sending.
export const patchBodySchema = zVideoUpdate.strict().extend({
  custom_fields: z
    .record(z.string().regex(customFieldKeyPattern), zCustomFields.valueType)
    .optional(),
  external_media: zExternalMediaInput.strict().optional(),
})
