import { isIPv4, isIPv6 } from 'node:net'

/**
 * What sign-in limits count as one client address: an IPv4 address itself (an IPv4-mapped IPv6
 * address too), and an IPv6 address's /64, since one subscriber usually holds a whole /64 and
 * could otherwise take a fresh address for every attempt.
 */
export function addressGroup(address: string): string {
  const bare = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '')
  if (isIPv4(bare)) return bare
  if (!isIPv6(bare)) return address
  const groups = hextets(bare.toLowerCase())
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6)
    return [high >> 8, high & 255, low >> 8, low & 255].join('.')
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}

// The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail split).
function hextets(address: string): number[] {
  const dotted = address.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/)
  const text = dotted ? `${dotted[1]}${ipv4Hextets(dotted[2] ?? '')}` : address
  const [head = '', tail] = text.split('::')
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : [])
  const front = parse(head)
  const back = tail === undefined ? [] : parse(tail)
  const zeros = Array.from({ length: 8 - front.length - back.length }, () => 0)
  return [...front, ...zeros, ...back]
}

function ipv4Hextets(address: string): string {
  const [a = 0, b = 0, c = 0, d = 0] = address.split('.').map(Number)
  return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
}
