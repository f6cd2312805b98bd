import { existsSync, readFileSync } from 'node:fs'
import { expect } from 'vitest'
import type { Video, VideoCreateJson } from '@/api/generated/types.gen.ts'
import { makeMp4 } from '../../support/media/make-mp4.ts'
import {
  type ApiResponse,
  type ClientName,
  type Harness,
  isSandbox,
  type Json,
  type Query,
  waitFor,
} from './harness.ts'

const MEDIA_DIR = new URL('../../../server/sandbox/seed/media/', import.meta.url)

/** A valid MP4 of the given duration, at least 25 KB (the documented minimum file size). */
export function mp4(durationSeconds: number, totalBytes = 48 * 1024): Buffer {
  return makeMp4({ durationSeconds, totalBytes })
}

/** A shipped sample file from server/sandbox/seed/media (see its manifest.json). */
export function shippedMedia(name: string): Buffer {
  const url = new URL(name, MEDIA_DIR)
  if (!existsSync(url)) throw new Error(`shipped sample ${name} is missing`)
  return readFileSync(url)
}

// biome-ignore lint/suspicious/noExplicitAny: manifest entries are free-form
export function mediaManifest(): any {
  return JSON.parse(shippedMedia('manifest.json').toString('utf8'))
}

/** Create-video JSON; loosely typed so tests can also send invalid values. */
let clipCache: { bytes: Buffer; durationSeconds: number } | undefined

/** The first shipped sample clip (real H.264, a few seconds): what a real service can transcode. */
export function sampleClip(): { bytes: Buffer; durationSeconds: number } {
  if (!clipCache) {
    const first = shippedOfKind('video', 'mp4')[0] as ShippedMedia
    clipCache = { bytes: shippedMedia(first.file), durationSeconds: first.durationSeconds ?? 0 }
  }
  return clipCache
}

/** Pads an MP4 to exactly `totalBytes` with a trailing `free` box (still a valid file). */
export function padded(mp4Bytes: Buffer, totalBytes: number): Buffer {
  const extra = totalBytes - mp4Bytes.length
  if (extra < 8) throw new Error('padding needs at least 8 bytes')
  const header = Buffer.alloc(8)
  header.writeUInt32BE(extra, 0)
  header.write('free', 4, 'latin1')
  return Buffer.concat([mp4Bytes, header, Buffer.alloc(extra - 8)])
}

export type CreateInput = { [K in keyof VideoCreateJson]?: unknown } & Record<string, unknown>

/** POST /api/v1/videos with inline base64 bytes; waits out 429s against a real service. */
export async function postVideo(
  h: Harness,
  input: CreateInput,
  options: { client?: ClientName; token?: string; file?: Buffer } = {},
): Promise<ApiResponse> {
  const token = options.token ?? (await h.token(options.client ?? 'main'))
  const json = { file_base64: (options.file ?? sampleClip().bytes).toString('base64'), ...input }
  for (;;) {
    const res = await h.api('POST', '/api/v1/videos', { token, json })
    if (res.status !== 429 || isSandbox) return res
    const wait = Number(res.headers.get('retry-after') ?? '30')
    await new Promise((r) => setTimeout(r, Math.min(wait, 300) * 1000))
  }
}

/** Creates a video (expects 201) in the given channel. */
export async function createVideo(
  h: Harness,
  input: CreateInput,
  options: { client?: ClientName; token?: string; file?: Buffer } = {},
): Promise<Video> {
  const res = await postVideo(h, input, options)
  expect(res.status, res.text.slice(0, 500)).toBe(201)
  return res.json as Video
}

/** GET /api/v1/videos/{id}; expects 200. */
export async function getVideo(h: Harness, id: string, token?: string): Promise<Video> {
  const res = await h.api<Video>('GET', `/api/v1/videos/${id}`, { token })
  expect(res.status, res.text.slice(0, 500)).toBe(200)
  return res.json
}

/**
 * Waits until the list filter `status` reports the video (its caption must be unique: the
 * Video object itself has no status field).
 */
export async function waitForStatus(
  h: Harness,
  video: Pick<Video, 'id' | 'caption'>,
  channelId: string,
  status: 'approved' | 'errored' | 'pending',
  client: ClientName = 'main',
): Promise<void> {
  const token = await h.token(client)
  await waitFor(async () => {
    const res = await h.api('GET', '/api/v1/videos', {
      token,
      query: { channel_id: channelId, status, q: video.caption ?? '', page_size: 100 },
    })
    expect(res.status).toBe(200)
    return res.json.videos.some((v: Video) => v.id === video.id) ? true : undefined
  }, `video ${video.id} to be ${status}`)
}

/** Follows links.next verbatim from the first page; returns every page body. */
export async function walkPages(
  h: Harness,
  path: string,
  query: Query,
  token?: string,
): Promise<Json[]> {
  const pages: Json[] = []
  let res = await h.api('GET', path, { token, query })
  for (;;) {
    expect(res.status, res.text.slice(0, 300)).toBe(200)
    pages.push(res.json)
    const next = res.json.links?.next
    if (!next) return pages
    if (pages.length > 500) throw new Error('pagination does not end')
    res = await h.api('GET', h.resolve(next), { token })
  }
}

/** Approved, non-archived videos of a channel (newest first), at least `count` of them. */
export async function approvedVideoIds(
  h: Harness,
  channelId: string,
  count: number,
  client: ClientName = 'main',
): Promise<string[]> {
  const token = await h.token(client)
  const pages = await walkPages(
    h,
    '/api/v1/videos',
    { channel_id: channelId, status: 'approved', page_size: 100 },
    token,
  )
  const ids = pages.flatMap((page) => page.videos.map((v: Video) => v.id))
  if (ids.length < count) throw new Error(`channel ${channelId} has only ${ids.length} videos`)
  return ids.slice(0, count)
}

/**
 * An ID shaped like `sample` (same prefix, length and character classes) that names nothing:
 * every character after the last separator is shifted within its class.
 */
export function unknownIdLike(sample: string, known: string[] = []): string {
  const cut = Math.max(sample.lastIndexOf('_'), sample.lastIndexOf('-')) + 1
  for (let shift = 7; shift < 40; shift++) {
    const tail = [...sample.slice(cut)]
      .map((c) => {
        if (/[0-9]/.test(c)) return String((Number(c) + shift) % 10)
        if (/[a-z]/.test(c)) return String.fromCharCode(97 + ((c.charCodeAt(0) - 97 + shift) % 26))
        if (/[A-Z]/.test(c)) return String.fromCharCode(65 + ((c.charCodeAt(0) - 65 + shift) % 26))
        return c
      })
      .join('')
    const candidate = sample.slice(0, cut) + tail
    if (candidate !== sample && !known.includes(candidate)) return candidate
  }
  throw new Error(`cannot derive an unknown id from ${sample}`)
}

export interface ShippedMedia {
  file: string
  kind: 'video' | 'thumbnail' | 'poster' | 'subtitles'
  format: string
  title?: string
  width: number | null
  height: number | null
  durationSeconds: number | null
}

/** Shipped samples of a kind (and format), from server/sandbox/seed/media/manifest.json. */
export function shippedOfKind(kind: ShippedMedia['kind'], format?: string): ShippedMedia[] {
  const files: ShippedMedia[] = mediaManifest().files
  const found = files.filter((f) => f.kind === kind && (!format || f.format === format))
  if (found.length === 0) throw new Error(`no shipped ${kind} ${format ?? ''} sample`)
  return found
}

// Document 1, section 2.1: the valid `fields` names, which are every top-level Video field.
export const documentedVideoFields = [
  'id',
  'access',
  'audio_disabled',
  'caption',
  'content_generation_type',
  'description',
  'duration',
  'hashtags',
  'archived_at',
  'published_at',
  'is_published',
  'action_type',
  'action_type_translation',
  'action_url',
  'action_custom_label',
  'product_ids',
  'variant_ids',
  'custom_fields',
  'display_social_attributions',
  'external_media',
  'thumbnail_url',
  'watch_url',
  'video_posters',
]
