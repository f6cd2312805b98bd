import { zVideoMimeType } from '@/api/generated/zod.gen'
import { blobReader, containerDuration } from './mp4-duration'

// What the service accepts (document 1, sections 4.3 and 8), checked in the browser before any byte
// is sent, so a marketer learns at once why a file cannot become a video.

export const MIN_FILE_BYTES = 25 * 1024
export const MAX_FILE_BYTES = 5 * 1024 ** 3
export const MIN_DURATION_S = 3
export const MAX_DURATION_S = 60 * 60
export const DURATION_TIMEOUT_MS = 15_000

export const allowedExtensions = ['.mp4', '.mov'] as const
export const allowedMimeTypes = zVideoMimeType.options

export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.')
  return dot <= 0 ? '' : name.slice(dot).toLowerCase()
}

export const baseName = (name: string) => {
  const dot = name.lastIndexOf('.')
  return dot <= 0 ? name : name.slice(0, dot)
}

const formatBytes = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${bytes / 1024 ** 3} GB` : `${Math.round(bytes / 1024)} KB`

/** The reason a file cannot be uploaded judging by its name, type and size, or null. */
export function fileProblem(file: { name: string; type?: string; size: number | null }) {
  const extension = extensionOf(file.name)
  if (!(allowedExtensions as readonly string[]).includes(extension))
    return `${file.name}: only .mp4 and .mov files can be uploaded.`
  if (!(allowedMimeTypes as readonly string[]).includes(file.type ?? ''))
    return `${file.name}: the file is ${file.type ? `of type ${file.type}` : 'of an unknown type'}; only MP4 (video/mp4) and QuickTime (video/quicktime) videos can be uploaded.`
  const size = file.size ?? 0
  if (size < MIN_FILE_BYTES)
    return `${file.name}: the file is smaller than ${formatBytes(MIN_FILE_BYTES)}; it cannot be a video the service accepts.`
  if (size > MAX_FILE_BYTES)
    return `${file.name}: the file is larger than ${formatBytes(MAX_FILE_BYTES)}, the most the service accepts.`
  return null
}

/** The reason a duration (seconds, as the browser read it) is refused, or null. */
export function durationProblem(name: string, seconds: number | null) {
  if (seconds === null || !Number.isFinite(seconds) || seconds <= 0)
    return `${name}: the video's length could not be read; the file may be damaged or not a playable video.`
  if (seconds < MIN_DURATION_S)
    return `${name}: the video lasts ${seconds.toFixed(1)} s; videos must last at least ${MIN_DURATION_S} seconds.`
  if (seconds > MAX_DURATION_S)
    return `${name}: the video lasts ${Math.round(seconds / 60)} minutes; videos may last at most 1 hour.`
  return null
}

/**
 * A video's duration read locally: by the browser's <video> element, or, when the browser cannot
 * open the file (a codec it lacks), from the MP4/MOV container's own header.
 */
export async function readVideoDuration(
  file: Blob,
  timeoutMs = DURATION_TIMEOUT_MS,
): Promise<number | null> {
  const played = await readPlayableDuration(file, timeoutMs)
  if (played !== null) return played
  return containerDuration(blobReader(file), file.size).catch(() => null)
}

/**
 * Reads a video's duration locally with a detached <video> element on an object URL (metadata
 * only: the browser reads the header, never the whole file). null when the browser cannot tell
 * within the timeout or cannot decode the container.
 */
export function readPlayableDuration(file: Blob, timeoutMs: number): Promise<number | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file)
    const video = document.createElement('video')
    let timer: ReturnType<typeof setTimeout> | undefined
    let settled = false
    const done = (value: number | null) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      video.removeAttribute('src')
      video.load()
      URL.revokeObjectURL(url)
      resolve(value)
    }
    timer = setTimeout(() => done(null), timeoutMs)
    video.preload = 'metadata'
    video.muted = true
    video.addEventListener('loadedmetadata', () =>
      done(Number.isFinite(video.duration) ? video.duration : null),
    )
    video.addEventListener('error', () => done(null))
    video.src = url
  })
}
