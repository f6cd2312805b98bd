// A presigned storage address carries its own validity: X-Amz-Date (basic ISO 8601) plus
// X-Amz-Expires seconds. Null when the address does not say.
export function presignedUrlExpiry(url: string): number | null {
  let params: URLSearchParams
  try {
    params = new URL(url).searchParams
  } catch {
    return null
  }
  const date = params.get('X-Amz-Date')
  const seconds = Number(params.get('X-Amz-Expires'))
  const match = date?.match(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/)
  if (!match || !Number.isFinite(seconds) || seconds <= 0) return null
  const [, y, mo, d, h, mi, s] = match.map(Number)
  return Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi, s) + seconds * 1000
}

// A part address must outlive the request that uses it; one closer to its expiry than this is
// treated as expired.
const expiryMarginMs = 60_000

/** Whether a multipart upload's part addresses have expired, or will within a minute. */
export function partUrlsExpired(partUrls: Record<number, string>, now = Date.now()) {
  const first = Object.values(partUrls)[0]
  const expiry = first ? presignedUrlExpiry(first) : null
  return expiry !== null && expiry - expiryMarginMs <= now
}
