/**
 * Which service the conformance suite runs against, and as whom. By default an in-process sandbox
 * started once per test file.
 *
 * Real service:  CONFORMANCE_BASE_URL, CONFORMANCE_CLIENT_ID, CONFORMANCE_CLIENT_SECRET (a business
 * with at least two channels, a store, content_download and a matching quota) and
 * CONFORMANCE_SOLO_CLIENT_ID, CONFORMANCE_SOLO_CLIENT_SECRET (a business with exactly one channel).
 * Tests that fetch URLs served by the test itself (imports, posters, subtitle URLs) need
 * CONFORMANCE_MEDIA_PUBLIC_URL: a public address forwarded to CONFORMANCE_MEDIA_PORT on this
 * machine. Webhook tests and those needing sandbox controls run against the sandbox only.
 * CONFORMANCE_POLL_MS sets the polling interval for background work (default 5 s, sandbox 50 ms).
 * Against a real service run the files one at a time (`--no-file-parallelism`): they share data.
 */
export const env = process.env

/** True when the suite runs against an in-process sandbox (no CONFORMANCE_BASE_URL). */
export const isSandbox = !env.CONFORMANCE_BASE_URL
/** True when the service under test can fetch URLs served by the test (media host). */
export const canServeMedia = isSandbox || Boolean(env.CONFORMANCE_MEDIA_PUBLIC_URL)
/** Timeout for tests that wait on background work (processing, matching, imports). */
export const SLOW = isSandbox ? 60_000 : 30 * 60_000
/** Interval between polls of background work (CONFORMANCE_POLL_MS overrides). */
export const POLL_MS = Number(env.CONFORMANCE_POLL_MS) || (isSandbox ? 50 : 5_000)

export type ClientName = 'main' | 'solo'

const sandboxCredentials = {
  main: { id: 'demo', secret: 'demo-secret' },
  solo: { id: 'solo', secret: 'solo-secret' },
}

export function credentials(client: ClientName): { id: string; secret: string } {
  if (isSandbox) return sandboxCredentials[client]
  const prefix = client === 'main' ? 'CONFORMANCE_CLIENT' : 'CONFORMANCE_SOLO_CLIENT'
  const id = env[`${prefix}_ID`]
  const secret = env[`${prefix}_SECRET`]
  if (!id || !secret) throw new Error(`${prefix}_ID and ${prefix}_SECRET must be set`)
  return { id, secret }
}
