import * as z from 'zod'
import type { Video } from '@/api/generated/types.gen'
import {
  zActionCustomLabel,
  zActionType,
  zActionUrl,
  zCustomFields,
  zExternalMediaInput,
  zVideoAccess,
  zVideoUpdate,
} from '@/api/generated/zod.gen'
import { contractErrorMap } from '@/lib/contract-error-map'

// Rules the generated zod does not carry (README "Choices where the documents are silent" and
// document 1 sections 2.2 and 2.6) are added here as refinements.
export const customFieldKeyPattern = /^[a-z0-9_]{1,255}$/

export const formMessages = {
  customFieldKey: 'Keys use 1 to 255 lower-case letters, digits or underscores (a-z, 0-9, _).',
  customFieldDuplicate: 'Each key can be used only once.',
  actionUrlRequired:
    'Enter the address the call to action opens; it is required with an action type.',
  externalMediaKept:
    'External media cannot be removed, only replaced: enter a source, URL and username.',
  socialNeedsMedia:
    'Showing the social attribution needs external media: enter its source, URL and username.',
} as const

// The form's fields, built from the PATCH body schema (VideoUpdate). Text inputs hold '' for "none";
// the PATCH body is built from these values in patch-body.ts.
export const videoFormObject = zVideoUpdate
  .pick({
    caption: true,
    description: true,
    audio_disabled: true,
    hashtags: true,
    display_social_attributions: true,
  })
  .required()
  .extend({
    // 'unlisted' can be shown (the service returns it) but not chosen: the select disables it.
    access: zVideoAccess,
    custom_fields: z.array(
      z.object({
        key: z.string().regex(customFieldKeyPattern, formMessages.customFieldKey),
        value: zCustomFields.valueType,
      }),
    ),
    action_type: z.union([z.literal(''), zActionType.unwrap()]),
    action_url: z.string(),
    action_custom_label: z.string(),
    external_media: z.object({
      source: z.string(),
      url: z.string(),
      username: z.string(),
      navigation_enabled: z.boolean(),
    }),
  })

export type VideoFormValues = z.input<typeof videoFormObject>

const parseOptions = { error: contractErrorMap }

type Stored = Pick<
  Video,
  | 'external_media'
  | 'display_social_attributions'
  | 'action_type'
  | 'action_url'
  | 'action_custom_label'
>

// The service checks the CTA only when a CTA field is supplied; so does the form.
const sameCta = (values: VideoFormValues, stored: Stored) =>
  values.action_type === (stored.action_type ?? '') &&
  values.action_url === (stored.action_url ?? '') &&
  values.action_custom_label === (stored.action_custom_label ?? '')

export const hasExternalMedia = (media: VideoFormValues['external_media']) =>
  [media.source, media.url, media.username].some((value) => value.trim() !== '')

const sameExternalMedia = (media: VideoFormValues['external_media'], stored: Stored) =>
  stored.external_media !== null &&
  media.source === stored.external_media.source &&
  media.url === (stored.external_media.url ?? '') &&
  media.username === (stored.external_media.username ?? '') &&
  media.navigation_enabled === stored.external_media.navigation_enabled

// The cross-field rules need the stored video: on update, social attribution is satisfied by
// external media the video already has (section 2.2), and stored media cannot be cleared (the
// contract has no null for it).
export function createVideoFormSchema(stored: Stored) {
  return videoFormObject.superRefine((values, ctx) => {
    const seen = new Set<string>()
    values.custom_fields.forEach((row, index) => {
      if (seen.has(row.key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['custom_fields', index, 'key'],
          message: formMessages.customFieldDuplicate,
        })
      }
      seen.add(row.key)
    })

    if (values.action_type !== '' && !sameCta(values, stored)) {
      if (values.action_url.trim() === '') {
        ctx.addIssue({
          code: 'custom',
          path: ['action_url'],
          message: formMessages.actionUrlRequired,
        })
      } else {
        copyIssues(zActionUrl.safeParse(values.action_url, parseOptions), ['action_url'], ctx)
      }
      if (values.action_type === 'custom' && values.action_custom_label !== '') {
        copyIssues(
          zActionCustomLabel.safeParse(values.action_custom_label, parseOptions),
          ['action_custom_label'],
          ctx,
        )
      }
    }

    const media = values.external_media
    const filled = hasExternalMedia(media)
    if (!filled && stored.external_media) {
      ctx.addIssue({
        code: 'custom',
        path: ['external_media', 'source'],
        message: formMessages.externalMediaKept,
      })
    } else if (filled && !sameExternalMedia(media, stored)) {
      copyIssues(zExternalMediaInput.safeParse(media, parseOptions), ['external_media'], ctx)
    }
    const socialChanged =
      values.display_social_attributions !== (stored.display_social_attributions ?? false)
    if (values.display_social_attributions && !filled && socialChanged) {
      ctx.addIssue({
        code: 'custom',
        path: ['display_social_attributions'],
        message: formMessages.socialNeedsMedia,
      })
    }
  })
}

function copyIssues(
  result: z.ZodSafeParseResult<unknown>,
  prefix: (string | number)[],
  ctx: z.RefinementCtx,
) {
  for (const issue of result.error?.issues ?? []) {
    ctx.addIssue({ code: 'custom', path: [...prefix, ...issue.path], message: issue.message })
  }
}
