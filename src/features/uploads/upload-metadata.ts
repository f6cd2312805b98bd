import * as z from 'zod'
import type { VideoMetadata } from '../../api/generated/types.gen'
import { zHashtags } from '../../api/generated/zod.gen'
import { baseName } from './uploader/validation'

// The metadata form shared by every file of a batch. The caption is a pattern: `{name}` stands for
// the file's name without its extension (the default caption); a caption typed for one file in
// Uppy's file editor wins over the pattern.

export const NAME_TOKEN = '{name}'

export const hashtagsFromText = (text: string) => [
  ...new Set(
    text
      .split(/[\s,]+/)
      .map((tag) => tag.replace(/^#+/, ''))
      .filter((tag) => tag !== ''),
  ),
]

const captionMax = 2200

export const uploadMetadataSchema = z.object({
  captionPattern: z.string().max(captionMax, `Captions can have at most ${captionMax} characters.`),
  description: z.string().max(5000, 'Descriptions can have at most 5000 characters.'),
  hashtags: z.string().refine((text) => zHashtags.safeParse(hashtagsFromText(text)).success, {
    message: 'Use at most 30 hashtags of at most 100 characters each.',
  }),
  access: z.enum(['public', 'private']),
  publish: z.enum(['now', 'draft']),
})

export type UploadMetadataValues = z.infer<typeof uploadMetadataSchema>

export const defaultUploadMetadata: UploadMetadataValues = {
  captionPattern: NAME_TOKEN,
  description: '',
  hashtags: '',
  access: 'public',
  publish: 'now',
}

export const captionFor = (pattern: string, fileName: string) =>
  pattern.split(NAME_TOKEN).join(baseName(fileName)).trim().slice(0, captionMax)

/** The POST /videos metadata for one stored file. */
export function videoMetadataFor(
  values: UploadMetadataValues,
  file: { name: string; caption?: string },
  channelId: string,
): VideoMetadata {
  const ownCaption = file.caption?.trim()
  const hashtags = hashtagsFromText(values.hashtags)
  const description = values.description.trim()
  return {
    channel_id: channelId,
    caption: ownCaption ? ownCaption : captionFor(values.captionPattern, file.name),
    ...(description ? { description } : {}),
    ...(hashtags.length ? { hashtags } : {}),
    access: values.access,
    publish: values.publish === 'now',
  }
}
