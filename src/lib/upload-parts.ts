// Part sizes for the service's multipart uploads (document 1, sections 4.3 and 8): every part but
// the last is at least 5 MiB and there are 1 to 100 parts. The smallest part size that fits a file
// into 100 parts keeps parts small (cheap to retry) while a 5 GB file still fits.

/** Files of at least this size go multipart; smaller ones use the single signed POST. */
export const MULTIPART_THRESHOLD_BYTES = 100 * 1024 * 1024
export const MIN_PART_BYTES = 5 * 1024 * 1024
export const MAX_PARTS = 100

export interface PartPlan {
  /** Bytes of every part but the last (which holds the rest, 1 byte to partSize). */
  partSize: number
  partsCount: number
}

export function planParts(size: number): PartPlan {
  if (!Number.isSafeInteger(size) || size <= 0) throw new RangeError(`Invalid file size: ${size}`)
  const partSize = Math.max(MIN_PART_BYTES, Math.ceil(size / MAX_PARTS))
  return { partSize, partsCount: Math.ceil(size / partSize) }
}

/** The byte ranges [start, end) of each part, in part order (part n is ranges[n - 1]). */
export function partRanges(size: number): { start: number; end: number }[] {
  const { partSize, partsCount } = planParts(size)
  return Array.from({ length: partsCount }, (_, i) => ({
    start: i * partSize,
    end: Math.min(size, (i + 1) * partSize),
  }))
}
