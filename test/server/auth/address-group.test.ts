import { describe, expect, it } from 'vitest'
import { addressGroup } from '../../../server/dashboard/auth/address-group.ts'

describe('the address sign-in limits count', () => {
  it('is an IPv4 address itself', () => {
    expect(addressGroup('203.0.113.9')).toBe('203.0.113.9')
  })

  it('is the IPv4 address of an IPv4-mapped IPv6 address', () => {
    expect(addressGroup('::ffff:203.0.113.9')).toBe('203.0.113.9')
    expect(addressGroup('::FFFF:cb00:7109')).toBe('203.0.113.9')
    expect(addressGroup('[::ffff:127.0.0.1]')).toBe('127.0.0.1')
  })

  it("is an IPv6 address's /64, however the address is written", () => {
    const group = '2001:db8:1:2::/64'
    for (const address of [
      '2001:db8:1:2::1',
      '2001:0DB8:0001:0002:ffff:ffff:ffff:fffe',
      '2001:db8:1:2:0:0:0:0',
      '[2001:db8:1:2::7]',
      '2001:db8:1:2::3%eth0',
    ])
      expect(addressGroup(address)).toBe(group)
    expect(addressGroup('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64')
    expect(addressGroup('::1')).toBe('0:0:0:0::/64')
    expect(addressGroup('2001:db8::')).toBe('2001:db8:0:0::/64')
  })

  it('is whatever else was given, when it is not an IP address', () => {
    expect(addressGroup('unknown')).toBe('unknown')
  })
})
