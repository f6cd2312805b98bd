import { isIPv4, isIPv6 } from 'node:net'

export type ParsedIp = { family: 4 | 6; bytes: Uint8Array }

/** Parses a textual IPv4 or IPv6 address (brackets and zone ids tolerated). */
export function parseIp(text: string): ParsedIp | null {
  const ip = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '')
  if (isIPv4(ip)) return { family: 4, bytes: Uint8Array.from(ip.split('.').map(Number)) }
  if (isIPv6(ip)) return { family: 6, bytes: parseIpv6(ip) }
  return null
}

function parseIpv6(ip: string): Uint8Array {
  const [head = '', tail] = ip.split('::')
  const groups = (part: string) => (part ? part.split(':').flatMap(expandDottedQuad) : [])
  const left = groups(head)
  const right = tail === undefined ? [] : groups(tail)
  const words = [...left, ...new Array(8 - left.length - right.length).fill(0), ...right]
  const bytes = new Uint8Array(16)
  words.forEach((word, i) => {
    bytes[i * 2] = word >> 8
    bytes[i * 2 + 1] = word & 0xff
  })
  return bytes
}

function expandDottedQuad(group: string): number[] {
  if (!group.includes('.')) return [Number.parseInt(group, 16)]
  const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number)
  return [(a << 8) | b, (c << 8) | d]
}
