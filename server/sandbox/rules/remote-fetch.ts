import type { SandboxConfig } from '../config.ts'
import { RemoteFetchError, type RemoteFetchOptions, UNREACHABLE } from '../net/fetch-remote.ts'

/** The address rules every fetch of a user's URL runs under. */
export function addressGuard(
  config: SandboxConfig,
): Pick<RemoteFetchOptions, 'blockPrivate' | 'resolveHost' | 'isAllowedAddress'> {
  return { blockPrivate: config.blockPrivateUrls, ...config.fetchAddressRules }
}

/** Why a fetch failed, in words fit for the caller: never an internal address or port. */
export function fetchFailure(error: unknown): string {
  return error instanceof RemoteFetchError ? error.message : UNREACHABLE
}
