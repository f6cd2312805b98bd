import { type ParsedIp, parseIp } from './ip-address.ts'

type Prefix = { bytes: Uint8Array; bits: number }

function prefix(cidr: string): Prefix {
  const [address = '', bits = ''] = cidr.split('/')
  const parsed = parseIp(address)
  if (!parsed) throw new Error(`bad CIDR ${cidr}`)
  return { bytes: parsed.bytes, bits: Number(bits) }
}

function inPrefix(bytes: Uint8Array, range: Prefix): boolean {
  if (bytes.length !== range.bytes.length) return false
  for (let bit = 0; bit < range.bits; bit += 8) {
    const maskBits = Math.min(8, range.bits - bit)
    const mask = (0xff << (8 - maskBits)) & 0xff
    const index = bit / 8
    if (((bytes[index] ?? 0) & mask) !== ((range.bytes[index] ?? 0) & mask)) return false
  }
  return true
}

/** IPv4 ranges that are not reachable on the public internet (RFC 6890 and friends). */
const NON_PUBLIC_IPV4 = [
  '0.0.0.0/8', // "this network", includes 0.0.0.0
  '10.0.0.0/8',
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8',
  '169.254.0.0/16', // link-local, includes cloud metadata 169.254.169.254
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, includes broadcast
].map(prefix)

/** IPv6 prefixes that carry an IPv4 address in their low bits, judged by that address. */
const IPV4_CARRYING_IPV6 = [
  { range: prefix('::ffff:0:0/96'), offset: 12 }, // IPv4-mapped
  { range: prefix('::/96'), offset: 12 }, // IPv4-compatible; also covers :: and ::1
  { range: prefix('64:ff9b::/96'), offset: 12 }, // NAT64
  { range: prefix('2002::/16'), offset: 2 }, // 6to4
]

const GLOBAL_UNICAST_IPV6 = prefix('2000::/3')

/** Inside 2000::/3 but not publicly routable. fc00::/7, fe80::/10, ff00::/8 lie outside it. */
const NON_PUBLIC_GLOBAL_IPV6 = [
  '2001::/23', // IETF protocol assignments, includes Teredo
  '2001:db8::/32', // documentation
  '3fff::/20', // documentation
].map(prefix)

function isPublicIpv4(bytes: Uint8Array): boolean {
  return !NON_PUBLIC_IPV4.some((range) => inPrefix(bytes, range))
}

function isPublicIpv6(bytes: Uint8Array): boolean {
  for (const { range, offset } of IPV4_CARRYING_IPV6) {
    if (inPrefix(bytes, range)) return isPublicIpv4(bytes.slice(offset, offset + 4))
  }
  if (!inPrefix(bytes, GLOBAL_UNICAST_IPV6)) return false
  return !NON_PUBLIC_GLOBAL_IPV6.some((range) => inPrefix(bytes, range))
}

export function isPublicIp(ip: ParsedIp): boolean {
  return ip.family === 4 ? isPublicIpv4(ip.bytes) : isPublicIpv6(ip.bytes)
}

/**
 * True only for a literal IP address that is routable on the public internet. Anything
 * unparsable is treated as not public.
 */
export function isPublicAddress(ip: string): boolean {
  const parsed = parseIp(ip)
  return parsed !== null && isPublicIp(parsed)
}
