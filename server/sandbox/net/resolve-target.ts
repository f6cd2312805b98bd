import { lookup } from 'node:dns/promises'
import { isIP, type LookupFunction } from 'node:net'
import { isPublicAddress } from './public-address.ts'
import { NOT_PUBLIC, RemoteFetchError, UNREACHABLE } from './remote-fetch-error.ts'

export type ResolvedAddress = { address: string; family: 4 | 6 }

export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>

export const resolveWithSystemDns: HostResolver = async (hostname) => {
  const addresses = await lookup(hostname, { all: true, verbatim: true })
  return addresses.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }))
}

export type AddressPolicy = {
  blockPrivate: boolean
  resolveHost: HostResolver
  /** Consulted when blockPrivate is true. */
  isAllowedAddress: (ip: string) => boolean
}

export const defaultAddressPolicy = (blockPrivate: boolean): AddressPolicy => ({
  blockPrivate,
  resolveHost: resolveWithSystemDns,
  isAllowedAddress: isPublicAddress,
})

/**
 * Resolves the URL's host once and vets every address it resolves to; the connection is then
 * pinned to the vetted address so a second, different DNS answer (rebinding) is never used.
 */
export async function resolveTarget(target: URL, policy: AddressPolicy): Promise<ResolvedAddress> {
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1')
  const literal = isIP(host)
  let addresses: ResolvedAddress[]
  if (literal === 4 || literal === 6) {
    addresses = [{ address: host, family: literal }]
  } else {
    try {
      addresses = await policy.resolveHost(host)
    } catch (error) {
      throw new RemoteFetchError('unreachable', UNREACHABLE, { url: target.href, cause: error })
    }
  }
  const [first] = addresses
  if (!first) {
    throw new RemoteFetchError('unreachable', UNREACHABLE, { url: target.href })
  }
  if (policy.blockPrivate) {
    const refused = addresses.find(({ address }) => !policy.isAllowedAddress(address))
    if (refused) {
      throw new RemoteFetchError('blocked_address', NOT_PUBLIC, { url: target.href })
    }
  }
  return first
}

export function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [pinned])
    else callback(null, pinned.address, pinned.family)
  }
}
