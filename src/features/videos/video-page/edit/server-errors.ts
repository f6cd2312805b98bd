import type { FieldPath } from 'react-hook-form'
import { customFieldKeyPattern, type VideoFormValues } from './form-schema'

const formFields = new Set([
  'caption',
  'description',
  'access',
  'audio_disabled',
  'hashtags',
  'custom_fields',
  'action_type',
  'action_url',
  'action_custom_label',
  'external_media',
  'display_social_attributions',
])

const mediaParts = new Set(['source', 'url', 'username', 'navigation_enabled'])

// The service's refusals start with the field they are about ("caption must NOT have more than
// 2200 characters", "external_media.url must match…", "custom_fields.promo must NOT…"). Returns
// the form field to show the message on, or null for a form-level message.
export function fieldForServerMessage(
  message: string,
  values: VideoFormValues,
): FieldPath<VideoFormValues> | null {
  const match = /^([a-z_]+)((?:\.[A-Za-z0-9_]+)*)(?=[\s:]|$)/.exec(message)
  const field = match?.[1]
  if (!field || !formFields.has(field)) return null
  const [part] = (match?.[2] ?? '').split('.').filter(Boolean)
  switch (field) {
    case 'external_media':
      return part && mediaParts.has(part)
        ? (`external_media.${part}` as FieldPath<VideoFormValues>)
        : 'external_media.source'
    case 'custom_fields': {
      const byKey = values.custom_fields.findIndex((row) => row.key === part)
      if (part && byKey >= 0) return `custom_fields.${byKey}.value`
      const badKey = values.custom_fields.findIndex((row) => !customFieldKeyPattern.test(row.key))
      return badKey >= 0 ? `custom_fields.${badKey}.key` : 'custom_fields'
    }
    case 'hashtags':
      return 'hashtags'
    default:
      return field as FieldPath<VideoFormValues>
  }
}
