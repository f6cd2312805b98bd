export type RemoteFetchReason =
  | 'blocked_address'
  | 'bad_scheme'
  | 'unreachable'
  | 'timeout'
  | 'too_large'
  /** A non-2xx final status, too many redirects, or a response the caller's `accept` refused. */
  | 'bad_status'

// Callers show these messages to the user, who may have aimed at an internal address: they name
// no address, port or system error (those stay in `cause`).
export const NOT_PUBLIC = 'it is not a public address'
export const UNREACHABLE = 'no connection could be made to it'

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
