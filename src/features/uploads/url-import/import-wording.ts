import { ServiceError } from '@/api/client'
import type { ImportFailureReason } from '@/api/generated/types.gen'

// Why a background import failed (the reasons of video_import_failed, document 1 section 6.4).
// The reason on the import record is a sandbox addition; the real service may not send it.
const failureReasons: Record<ImportFailureReason, string> = {
  download_failed: 'the file could not be downloaded from that address',
  invalid_format: 'the file is not an MP4 or MOV video the service can read',
  duration_out_of_range: 'it is shorter than 3 seconds or longer than 1 hour',
  file_size_exceeded: 'it is larger than 5 GB',
  internal_error: 'the service ran into a problem of its own; try the import again',
}

export function importFailureText(reason: string | null | undefined): string {
  return (reason && failureReasons[reason as ImportFailureReason]) || 'the service did not say why'
}

/** A refused or failed POST /videos for a URL, in plain words. */
export function importRequestProblem(error: unknown): string {
  if (!(error instanceof ServiceError))
    return `The import could not be started: ${error instanceof Error ? error.message : String(error)}`
  const { status, message } = error
  if (status === 400 || status === 422) return `The service refused this import: ${message}`
  if (status === 429)
    return `The service allows 20 new videos per 5 minutes per channel. Try again ${
      error.retryAfter ? `in ${Math.ceil(error.retryAfter)} s` : 'in a few minutes'
    }.`
  if (status === 504)
    return 'The service did not answer in time; the video may still appear in the library. Large files are better imported in the background.'
  if (status === 502) return 'The video service cannot be reached right now. Try again in a moment.'
  if (status === 0) return message
  if (status >= 500)
    return `The video service failed while importing (error ${status}). Try again in a moment.`
  return `The service refused this import: ${message}`
}
