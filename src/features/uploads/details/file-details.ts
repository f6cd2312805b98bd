import type { VideoMetadata } from '@/api/generated/types.gen'
import { zVideoMetadata } from '@/api/generated/zod.gen'
import {
  accessValues,
  captionFor,
  fieldRules,
  hashtagsFromText,
  maxTaggedProducts,
  maxTaggedVariants,
  publications,
  type UploadDetailsValues,
} from '../upload-details'

// What a file's own entries in Uppy's file editor may override; an empty entry keeps the value
// for every file.
export const fileDetailKeys = [
  'caption',
  'description',
  'hashtags',
  'access',
  'publish',
  'publishAt',
] as const
export type FileDetailKey = (typeof fileDetailKeys)[number]

type Source = 'file' | 'batch'
interface Entry<T> {
  value: T
  from: Source
}

interface Effective {
  channelId: string
  caption: Entry<string>
  description: Entry<string>
  hashtags: Entry<string>
  access: Entry<string>
  publish: Entry<string>
  publishAt: Entry<string>
  storeId: string
  productIds: string[]
  variantIds: string[]
  hidden: boolean
}

function merge(
  values: UploadDetailsValues,
  fileDetails: Record<string, unknown>,
  fileName: string,
): Effective {
  const own = (key: FileDetailKey) => {
    const value = fileDetails[key]
    return typeof value === 'string' ? value.trim() : ''
  }
  const pick = (key: FileDetailKey, batch: string): Entry<string> =>
    own(key) ? { value: own(key), from: 'file' } : { value: batch, from: 'batch' }
  return {
    channelId: values.channelId,
    caption: own('caption')
      ? { value: own('caption'), from: 'file' }
      : { value: captionFor(values.captionPattern, fileName), from: 'batch' },
    description: pick('description', values.description.trim()),
    hashtags: pick('hashtags', values.hashtags),
    access: pick('access', values.access),
    publish: pick('publish', values.publish),
    publishAt: pick('publishAt', values.publishAt),
    storeId: values.storeId,
    productIds: values.productIds,
    variantIds: values.variantIds,
    hidden: values.hiddenFromProducts,
  }
}

const where = (from: Source) => (from === 'file' ? 'set for this file' : 'for every file')

function problems(merged: Effective, now: Date): string[] {
  const found: string[] = []
  const check = (label: string, entry: Entry<string>, message: string | null) => {
    if (message) found.push(`${label} ${where(entry.from)}: ${message}`)
  }
  if (!merged.channelId) found.push('channel: Choose the channel the videos go to.')
  check('caption', merged.caption, fieldRules.caption(merged.caption.value))
  check('description', merged.description, fieldRules.description(merged.description.value))
  check('hashtags', merged.hashtags, fieldRules.hashtags(merged.hashtags.value))
  check(
    'access',
    merged.access,
    (accessValues as readonly string[]).includes(merged.access.value)
      ? null
      : 'Choose Public or Private.',
  )
  const publish = merged.publish.value
  check(
    'publication',
    merged.publish,
    (publications as readonly string[]).includes(publish)
      ? null
      : 'Choose Publish now, Save as draft or Schedule.',
  )
  if (publish === 'schedule') {
    check('publish time', merged.publishAt, fieldRules.schedule(merged.publishAt.value, now))
  }
  if (merged.productIds.length > maxTaggedProducts) {
    found.push(`product tags for every file: Tag at most ${maxTaggedProducts} products.`)
  }
  if (merged.variantIds.length > maxTaggedVariants) {
    found.push(`variant tags for every file: Tag at most ${maxTaggedVariants} variants.`)
  }
  return found
}

function build(merged: Effective): VideoMetadata {
  const hashtags = hashtagsFromText(merged.hashtags.value)
  const scheduled = merged.publish.value === 'schedule'
  const at = new Date(merged.publishAt.value)
  return {
    channel_id: merged.channelId,
    caption: merged.caption.value,
    ...(merged.description.value ? { description: merged.description.value } : {}),
    ...(hashtags.length ? { hashtags } : {}),
    access: merged.access.value === 'private' ? 'private' : 'public',
    // Section 4.4: a future published_at schedules (publish stays true); a draft omits it.
    publish: merged.publish.value !== 'draft',
    ...(scheduled && !Number.isNaN(at.getTime()) ? { published_at: at.toISOString() } : {}),
    // Tags are resolved in one store (section 4.4, rule 8): the one they were picked from.
    ...(merged.productIds.length + merged.variantIds.length
      ? {
          ...(merged.productIds.length ? { product_ids: merged.productIds } : {}),
          ...(merged.variantIds.length ? { variant_ids: merged.variantIds } : {}),
          ...(merged.storeId ? { business_store_id: merged.storeId } : {}),
          ...(merged.hidden ? { video_hidden: true } : {}),
        }
      : {}),
  }
}

export type FileDetailsResult =
  | { ok: true; details: VideoMetadata }
  | { ok: false; problem: string }

/**
 * One file's details as POST /videos takes them: its own entries over the details for every file,
 * checked with the video page's rules. A problem names the file and every field at fault.
 */
export function detailsForFile(
  values: UploadDetailsValues,
  fileDetails: Record<string, unknown>,
  fileName: string,
  now: Date = new Date(),
): FileDetailsResult {
  const merged = merge(values, fileDetails, fileName)
  const found = problems(merged, now)
  if (found.length > 0) return { ok: false, problem: `${fileName}: ${found.join('; ')}` }
  const details = build(merged)
  const contract = zVideoMetadata.safeParse(details)
  if (!contract.success) {
    return {
      ok: false,
      problem: `${fileName}: the details cannot be sent (${contract.error.issues[0]?.message}).`,
    }
  }
  return { ok: true, details }
}

/**
 * The same details without the checks, for a file whose upload was allowed to start: if its
 * schedule has passed by the time its object is stored, the service's refusal says so.
 */
export const uncheckedDetailsForFile = (
  values: UploadDetailsValues,
  fileDetails: Record<string, unknown>,
  fileName: string,
): VideoMetadata => build(merge(values, fileDetails, fileName))
