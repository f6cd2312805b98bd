import * as z from 'zod'
import { maxItems } from '@/api/contract-bounds'
import {
  zProductRefs,
  zVariantRefs,
  zVideoAccessInput,
  zVideoMetadata,
} from '@/api/generated/zod.gen'
import { contractErrorMap } from '@/lib/contract-error-map'
import { checkSchedule } from '@/lib/schedule-window'
import { baseName } from './uploader/validation'

// The details shared by every file of a batch. The caption is a pattern: `{name}` stands for the
// file's name without its extension (the default caption). Each file may override some of them in
// Uppy's file editor (details/file-details.ts merges the two).

export const NAME_TOKEN = '{name}'

export const hashtagsFromText = (text: string) => [
  ...new Set(
    text
      .split(/[\s,]+/)
      .map((tag) => tag.replace(/^#+/, ''))
      .filter((tag) => tag !== ''),
  ),
]

export const publications = ['now', 'draft', 'schedule'] as const
export const accessValues = zVideoAccessInput.options

export const maxTaggedProducts = maxItems(zProductRefs)
export const maxTaggedVariants = maxItems(zVariantRefs)

// One rule per field, with the contract's bounds and the video page's messages (the generated
// schemas read through the same error map), used by the form and by each file's check.
const contractField = (name: 'caption' | 'description' | 'hashtags') => {
  const schema = zVideoMetadata.pick({ [name]: true } as Record<typeof name, true>).required()
  return (value: unknown): string | null =>
    schema.safeParse({ [name]: value }, { error: contractErrorMap }).error?.issues[0]?.message ??
    null
}

const captionRule = contractField('caption')
const descriptionRule = contractField('description')
const hashtagsRule = contractField('hashtags')

export const fieldRules = {
  caption: (text: string) => captionRule(text),
  description: (text: string) => descriptionRule(text),
  hashtags: (text: string) => hashtagsRule(hashtagsFromText(text)),
  schedule: (localTime: string, now: Date) => {
    const check = checkSchedule(localTime, now)
    return check.ok ? null : check.message
  },
}

export const uploadDetailsSchema = z
  .object({
    channelId: z.string().min(1, 'Choose the channel the videos go to.'),
    captionPattern: z.string(),
    description: z.string(),
    hashtags: z.string(),
    access: zVideoAccessInput,
    publish: z.enum(publications),
    /** A datetime-local value (the user's local time); used when `publish` is 'schedule'. */
    publishAt: z.string(),
    /** The store the tagged products belong to (the service resolves tags in one store). */
    storeId: z.string(),
    /** Whole products, then variants, in the order shoppers see them (encoded ids). */
    productIds: z
      .array(z.string().min(1))
      .max(maxTaggedProducts, `Tag at most ${maxTaggedProducts} products.`),
    variantIds: z
      .array(z.string().min(1))
      .max(maxTaggedVariants, `Tag at most ${maxTaggedVariants} variants.`),
    /** Hide the new videos from the tagged products' pages (`video_hidden`). */
    hiddenFromProducts: z.boolean(),
  })
  .superRefine((values, ctx) => {
    const problems: [keyof typeof values, string | null][] = [
      ['captionPattern', fieldRules.caption(values.captionPattern)],
      ['description', fieldRules.description(values.description)],
      ['hashtags', fieldRules.hashtags(values.hashtags)],
      [
        'publishAt',
        values.publish === 'schedule' ? fieldRules.schedule(values.publishAt, new Date()) : null,
      ],
    ]
    for (const [field, message] of problems) {
      if (message) ctx.addIssue({ code: 'custom', path: [field], message })
    }
  })

export type UploadDetailsValues = z.infer<typeof uploadDetailsSchema>

export const defaultUploadDetails = (channelId: string): UploadDetailsValues => ({
  channelId,
  captionPattern: NAME_TOKEN,
  description: '',
  hashtags: '',
  access: 'public',
  publish: 'now',
  publishAt: '',
  storeId: '',
  productIds: [],
  variantIds: [],
  hiddenFromProducts: false,
})

export const captionFor = (pattern: string, fileName: string) =>
  pattern.split(NAME_TOKEN).join(baseName(fileName)).trim()
