import { describe, expect, it } from 'vitest'
import { isPublicAddress } from '../../../server/sandbox/net/public-address.ts'

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['1.1.1.1', true],
    ['93.184.216.34', true],
    ['172.15.255.255', true],
    ['172.32.0.1', true],
    ['100.63.255.255', true],
    ['100.128.0.0', true],
    ['169.253.255.255', true],
    ['0.0.0.0', false],
    ['0.1.2.3', false],
    ['127.0.0.1', false],
    ['127.255.255.254', false],
    ['10.0.0.1', false],
    ['10.255.255.255', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.10', false],
    ['169.254.169.254', false], // cloud metadata
    ['169.254.0.1', false],
    ['100.64.0.1', false],
    ['100.127.255.255', false],
    ['192.0.2.1', false],
    ['198.18.0.1', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['2606:4700:4700::1111', true],
    ['2001:4860:4860::8888', true],
    ['[2a00:1450:4001:82b::200e]', true],
    ['::', false],
    ['::1', false],
    ['[::1]', false],
    ['0:0:0:0:0:0:0:1', false],
    ['fc00::1', false],
    ['fd12:3456:789a::1', false],
    ['fe80::1', false],
    ['fe80::1%eth0', false],
    ['febf::1', false],
    ['ff02::1', false],
    ['2001:db8::1', false],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', false], // Teredo
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:169.254.169.254', false],
    ['::ffff:8.8.8.8', true],
    ['::127.0.0.1', false],
    ['64:ff9b::10.0.0.1', false],
    ['64:ff9b::8.8.8.8', true],
    ['2002:7f00:1::1', false], // 6to4 wrapping 127.0.0.1
    ['2002:808:808::1', true],
    ['localhost', false],
    ['example.com', false],
    ['', false],
    ['127.1', false],
    ['999.1.1.1', false],
  ])('%s -> %s', (ip, expected) => {
    expect(isPublicAddress(ip)).toBe(expected)
  })
})
