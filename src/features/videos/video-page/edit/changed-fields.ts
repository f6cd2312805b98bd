import type { FieldNamesMarkedBoolean } from 'react-hook-form'
import type { VideoFormValues } from './form-schema'

// The save bar's words for the form's fields; fields edited together count as one change.
const labels: Record<keyof VideoFormValues, string> = {
  caption: 'Caption',
  description: 'Description',
  hashtags: 'Hashtags',
  access: 'Access',
  audio_disabled: 'Sound',
  custom_fields: 'Custom fields',
  action_type: 'Call to action',
  action_url: 'Call to action',
  action_custom_label: 'Call to action',
  external_media: 'Social attribution',
  display_social_attributions: 'Social attribution',
}

const anyTrue = (marks: unknown): boolean =>
  marks === true ||
  (typeof marks === 'object' && marks !== null && Object.values(marks).some(anyTrue))

/** What the form's unsaved changes are about, each once, in the form's order. */
export function changedFieldLabels(
  dirty: Partial<Readonly<FieldNamesMarkedBoolean<VideoFormValues>>>,
): string[] {
  const changed = (Object.keys(labels) as Array<keyof VideoFormValues>).filter((name) =>
    anyTrue(dirty[name]),
  )
  return [...new Set(changed.map((name) => labels[name]))]
}
