import { createHash } from 'node:crypto'
import { crc32 } from 'node:zlib'

/** A running checksum in the form S3's `x-amz-checksum-*` headers carry: base64 of the digest. */
export interface Checksum {
  update(data: Buffer): void
  digestBase64(): string
}

export const CHECKSUM_ALGORITHMS = ['crc32', 'crc32c', 'sha1', 'sha256'] as const
export type ChecksumAlgorithm = (typeof CHECKSUM_ALGORITHMS)[number]

export function isChecksumAlgorithm(name: string): name is ChecksumAlgorithm {
  return (CHECKSUM_ALGORITHMS as readonly string[]).includes(name)
}

export function createChecksum(algorithm: ChecksumAlgorithm): Checksum {
  switch (algorithm) {
    case 'crc32':
      return crcChecksum((data, value) => crc32(data, value))
    case 'crc32c':
      return crcChecksum(crc32c)
    case 'sha1':
    case 'sha256': {
      const hash = createHash(algorithm)
      return { update: (data) => hash.update(data), digestBase64: () => hash.digest('base64') }
    }
  }
}

function crcChecksum(step: (data: Buffer, value: number) => number): Checksum {
  let value = 0
  return {
    update: (data) => {
      value = step(data, value)
    },
    digestBase64: () => {
      const digest = Buffer.alloc(4)
      digest.writeUInt32BE(value >>> 0)
      return digest.toString('base64')
    },
  }
}

const CRC32C_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

function crc32c(data: Buffer, previous: number): number {
  let crc = ~previous >>> 0
  for (const byte of data) crc = (CRC32C_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8)
  return ~crc >>> 0
}
