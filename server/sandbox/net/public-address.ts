import { BlockList, isIPv4, isIPv6 } from 'node:net'
import { parseIp } from './ip-address.ts'

function subnets(family: 'ipv4' | 'ipv6', cidrs: readonly string[]): BlockList {
  const list = new BlockList()
  for (const cidr of cidrs) {
    const [network = '', bits = ''] = cidr.split('/')
    list.addSubnet(network, Number(bits), family)
  }
  return list
}

/** IPv4 ranges that are not reachable on the public internet (RFC 6890 and friends). */
const nonPublicIpv4 = subnets('ipv4', [
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
])

/**
 * Everything outside global unicast 2000::/3 (::, ::1, fc00::/7, fe80::/10, ff00::/8 among it),
 * and the parts of 2000::/3 that are not publicly routable.
 */
const nonPublicIpv6 = subnets('ipv6', [
  '::/3',
  '4000::/2',
  '8000::/1',
  '2001::/23', // IETF protocol assignments, includes Teredo
  '2001:db8::/32', // documentation
  '3fff::/20', // documentation
])

/** IPv6 prefixes that carry an IPv4 address, judged by that address; offset is its first byte. */
const ipv4Carriers = [
  { prefix: subnets('ipv6', ['::ffff:0:0/96', '::/96', '64:ff9b::/96']), offset: 12 },
  { prefix: subnets('ipv6', ['2002::/16']), offset: 2 }, // 6to4
]

function carriedIpv4(ip: string, offset: number): string {
  const bytes = parseIp(ip)?.bytes ?? new Uint8Array(16)
  return Array.from(bytes.subarray(offset, offset + 4)).join('.')
}

/**
 * True only for a literal IP address that is routable on the public internet. Anything
 * unparsable is treated as not public.
 */
export function isPublicAddress(text: string): boolean {
  const ip = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '')
  // Each list is checked only with its own family: BlockList also matches IPv4 against IPv6 rules.
  if (isIPv4(ip)) return !nonPublicIpv4.check(ip, 'ipv4')
  if (!isIPv6(ip)) return false
  for (const { prefix, offset } of ipv4Carriers) {
    if (prefix.check(ip, 'ipv6')) return !nonPublicIpv4.check(carriedIpv4(ip, offset), 'ipv4')
  }
  return !nonPublicIpv6.check(ip, 'ipv6')
}
