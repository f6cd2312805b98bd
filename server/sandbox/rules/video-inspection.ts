import type { ImportFailureReason } from '../../../src/api/generated/types.gen.ts'
import type { Sandbox } from '../context.ts'
import { InvalidMediaError, probeMp4 } from '../media/probe-mp4.ts'
import { fetchRemoteStream, RemoteFetchError } from '../net/fetch-remote.ts'
import { addressGuard } from './remote-fetch.ts'
import { maxVideoBytes, minVideoBytes } from './video-sources.ts'

export class VideoRejected extends Error {
  constructor(
    readonly reason: ImportFailureReason,
    message: string,
  ) {
    super(message)
  }
}

export interface Inspection {
  size: number
  duration: number
  width: number | null
  height: number | null
}

// Reads the stored container (never the whole file) and applies the service's limits:
// 25 KB to 5 GB, 3 s to 1 h.
export async function inspectStoredVideo(sandbox: Sandbox, key: string): Promise<Inspection> {
  const head = await sandbox.storage.head(key)
  if (!head)
    throw new VideoRejected('internal_error', 'The uploaded object is missing from storage')
  if (head.size > maxVideoBytes)
    throw new VideoRejected('file_size_exceeded', 'File too large (max 5GB)')
  if (head.size < minVideoBytes)
    throw new VideoRejected('invalid_format', 'File too small (min 25KB)')
  let probe: Awaited<ReturnType<typeof probeMp4>>
  try {
    probe = await probeMp4(
      (offset, length) => sandbox.storage.readRange(key, offset, offset + length - 1),
      head.size,
    )
  } catch (error) {
    if (error instanceof InvalidMediaError) throw new VideoRejected('invalid_format', error.message)
    throw error
  }
  if (probe.durationSeconds < 3 || probe.durationSeconds > 3600) {
    throw new VideoRejected(
      'duration_out_of_range',
      `Video duration ${probe.durationSeconds.toFixed(1)} s is outside 3 seconds to 1 hour`,
    )
  }
  return {
    size: head.size,
    duration: probe.durationSeconds,
    width: probe.width,
    height: probe.height,
  }
}

const acceptedTypes = new Set(['video/mp4', 'video/quicktime'])

// URL import rules: the remote must answer video/mp4, video/quicktime, or application/octet-stream
// for a path ending .mp4/.mov (both the given one and the one reached after redirects), and must
// send Content-Length of at most 5 GB.
export async function downloadIntoStorage(
  sandbox: Sandbox,
  url: URL,
  key: string,
): Promise<number> {
  try {
    const response = await fetchRemoteStream(url.toString(), {
      ...addressGuard(sandbox.config),
      maxBytes: maxVideoBytes,
      timeoutMs: 30 * 60_000,
      accept: ({ url: finalUrl, status, headers }) => {
        if (status < 200 || status > 299) return `The URL answered HTTP ${status}`
        const type =
          String(headers['content-type'] ?? '')
            .split(';')[0]
            ?.trim()
            .toLowerCase() ?? ''
        const pathOk = [url.href, finalUrl].every((u) => /\.(mp4|mov)$/i.test(new URL(u).pathname))
        if (!acceptedTypes.has(type) && !(type === 'application/octet-stream' && pathOk)) {
          return `Unsupported Content-Type ${type || '(none)'}`
        }
        if (headers['content-length'] === undefined)
          return 'The remote server sent no Content-Length'
        return null
      },
    })
    const declared = response.contentLength ?? 0
    const type = (response.contentType ?? 'video/mp4').split(';')[0]?.trim() ?? 'video/mp4'
    await sandbox.storage.putObject(
      key,
      response.stream,
      acceptedTypes.has(type) ? type : 'video/mp4',
      declared,
    )
    return declared
  } catch (error) {
    if (error instanceof RemoteFetchError) {
      if (error.reason === 'too_large')
        throw new VideoRejected('file_size_exceeded', 'File too large (max 5GB)')
      if (error.reason === 'bad_status' && /Content-Type|Content-Length/.test(error.message)) {
        throw new VideoRejected('invalid_format', error.message)
      }
      throw new VideoRejected(
        'download_failed',
        `The address could not be fetched: ${error.message}`,
      )
    }
    throw error
  }
}
