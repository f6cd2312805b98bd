import type { VideoPoster } from '../../../src/api/generated/types.gen.ts'
import type { Sandbox } from '../context.ts'
import { badRequest } from '../http/api-error.ts'
import { imageSize } from '../media/thumbnail.ts'
import { fetchRemote } from '../net/fetch-remote.ts'
import { addressGuard, fetchFailure } from './remote-fetch.ts'

export interface StoredImage {
  url: string
  format: VideoPoster['format']
  width: number
  height: number
  aspect_ratio: string
}

const maxImageBytes = 20 * 1024 * 1024

export function urlExtension(url: string): string | null {
  try {
    const parsed = new URL(url)
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null
    const match = /\.([A-Za-z0-9]+)$/.exec(parsed.pathname)
    return match?.[1]?.toLowerCase() ?? null
  } catch {
    return null
  }
}

// Fetches a file the caller named by URL (posters, subtitles), refusing a URL without one of the
// allowed extensions, before and after redirects; every failure is the caller's 400.
export async function fetchRemoteFile(
  sandbox: Sandbox,
  url: string,
  allowedExtensions: readonly string[],
  maxBytes: number,
  what: string,
): Promise<{ body: Buffer; extension: string }> {
  const allowed = (candidate: string) => {
    const extension = urlExtension(candidate)
    return extension && allowedExtensions.includes(extension) ? extension : null
  }
  const endings = allowedExtensions.map((e) => `.${e}`).join(', ')
  if (!allowed(url)) throw badRequest(`${what} URL must be http(s) and end with ${endings}`)
  try {
    const response = await fetchRemote(url, {
      ...addressGuard(sandbox.config),
      maxBytes,
      timeoutMs: 15_000,
      accept: (final) =>
        allowed(final.url) ? null : `it redirected to a URL that does not end with ${endings}`,
    })
    return { body: response.body, extension: allowed(response.url) ?? '' }
  } catch (error) {
    throw badRequest(`${what} could not be fetched: ${fetchFailure(error)}`)
  }
}

// Keeps a copy of a remote image on the sandbox's CDN, as the service does; the stored format
// comes from the bytes, not from the URL.
export async function storeRemoteImage(
  sandbox: Sandbox,
  url: string,
  allowedExtensions: readonly string[],
  keyPrefix: string,
): Promise<StoredImage> {
  const { body } = await fetchRemoteFile(sandbox, url, allowedExtensions, maxImageBytes, 'Image')
  const size = imageSize(body)
  if (!size) throw badRequest('The URL does not point to a JPEG, PNG, WebP or GIF image')
  const key = `${keyPrefix}.${size.format}`
  await sandbox.storage.putObject(
    key,
    body,
    `image/${size.format === 'jpg' ? 'jpeg' : size.format}`,
  )
  return {
    url: `/cdn/${key}`,
    format: size.format,
    width: size.width,
    height: size.height,
    aspect_ratio: aspectRatio(size.width, size.height),
  }
}

const named: Array<[number, string]> = [
  [9 / 16, '9:16'],
  [16 / 9, '16:9'],
  [1, '1:1'],
  [4 / 5, '4:5'],
  [3 / 4, '3:4'],
  [4 / 3, '4:3'],
]

export function aspectRatio(width: number, height: number): string {
  const ratio = width / height
  for (const [value, name] of named) if (Math.abs(ratio - value) < 0.01) return name
  const divisor = gcd(width, height)
  return `${width / divisor}:${height / divisor}`
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b)
}
