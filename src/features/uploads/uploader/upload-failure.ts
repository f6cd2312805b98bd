import { ServiceError } from '@/api/client'

/** Storage refused a presigned address as expired (403 "Request has expired"). */
export class SignatureExpiredError extends Error {
  constructor() {
    super('The storage signature expired; new signatures are being requested.')
    this.name = 'SignatureExpiredError'
    // Uppy retries a part in place unless its status is a final 4xx; new signatures need a new
    // upload, so the part must fail, and the uploader restarts the file with fresh ones.
    Object.assign(this, { source: { status: 403 } })
  }
}

export type FailureKind = 'expired' | 'transient' | 'final' | 'aborted'

// How a file's failed upload should be handled: an expired signature is renewed at once; an
// outage (no answer, 5xx, 429) is retried with growing waits; anything else is reported.
export function failureKind(error: unknown): FailureKind {
  if (error instanceof SignatureExpiredError) return 'expired'
  if (error instanceof DOMException && error.name === 'AbortError') return 'aborted'
  if (error instanceof ServiceError)
    return error.status === 0 || error.status === 429 || error.status >= 500 ? 'transient' : 'final'
  const source = (error as { source?: { status?: number; responseText?: string } } | null)?.source
  if (source && typeof source.status === 'number') {
    const { status } = source
    if (status === 403 && source.responseText?.includes('Request has expired')) return 'expired'
    return status === 0 || status === 429 || status >= 500 ? 'transient' : 'final'
  }
  if (error instanceof TypeError) return 'transient' // fetch: the network failed
  return 'final'
}

const delays = [2_000, 5_000, 10_000, 30_000]

/** The wait before a file's `attempt`-th automatic retry (0-based): it grows, then stays at 60 s. */
export const fileRetryDelay = (attempt: number) => delays[attempt] ?? 60_000
