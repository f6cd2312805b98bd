export type RemoteFetchReason =
  | 'blocked_address'
  | 'bad_scheme'
  | 'unreachable'
  | 'timeout'
  | 'too_large'
  /** A non-2xx final status, too many redirects, or a response the caller's `accept` refused. */
  | 'bad_status'

export class RemoteFetchError extends Error {
  override readonly name = 'RemoteFetchError'
  readonly reason: RemoteFetchReason
  /** HTTP status when a response was received. */
  readonly status: number | null
  readonly url: string

  constructor(
    reason: RemoteFetchReason,
    message: string,
    details: { url: string; status?: number; cause?: unknown },
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause })
    this.reason = reason
    this.status = details.status ?? null
    this.url = details.url
  }
}
