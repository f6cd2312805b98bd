import { S3Error } from './s3-error.ts'

export interface ByteRange {
  start: number
  /** Inclusive. */
  end: number
}

/**
 * The single range of an HTTP `Range: bytes=...` header, clamped to the object's size.
 * Undefined means "the whole object": no header, or one S3 ignores (several ranges, other units).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | undefined {
  if (!header) return undefined
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match) return undefined
  const [, first = '', last = ''] = match
  if (first === '' && last === '') return undefined
  let start: number
  let end: number
  if (first === '') {
    const suffix = Number(last)
    if (suffix === 0) throw invalidRange(size)
    start = Math.max(0, size - suffix)
    end = size - 1
  } else {
    start = Number(first)
    end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
    if (last !== '' && Number(last) < start) return undefined
  }
  if (start >= size || size === 0) throw invalidRange(size)
  return { start, end }
}

function invalidRange(size: number): S3Error {
  return new S3Error(416, 'InvalidRange', 'The requested range is not satisfiable', {
    ActualObjectSize: String(size),
  })
}
