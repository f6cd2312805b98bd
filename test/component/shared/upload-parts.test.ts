import { describe, expect, it } from 'vitest'
import { MAX_PARTS, MIN_PART_BYTES, partRanges, planParts } from '@/lib/upload-parts'

const MiB = 1024 * 1024

describe('planParts', () => {
  it.each([
    [100 * MiB, 20],
    [13 * MiB, 3],
    [12 * MiB, 3],
    [10 * MiB, 2],
    [5 * MiB, 1],
    [1, 1],
  ])('splits %i bytes into %i parts of 5 MiB', (size, parts) => {
    expect(planParts(size)).toEqual({ partSize: MIN_PART_BYTES, partsCount: parts })
  })

  it('grows the parts beyond 5 MiB so a 5 GB file fits into 100 parts', () => {
    const size = 5 * 1024 ** 3
    const plan = planParts(size)
    expect(plan.partsCount).toBeLessThanOrEqual(MAX_PARTS)
    expect(plan.partSize).toBeGreaterThan(MIN_PART_BYTES)
    expect(plan.partSize * (plan.partsCount - 1)).toBeLessThan(size)
    expect(plan.partSize * plan.partsCount).toBeGreaterThanOrEqual(size)
  })

  it('keeps every part but the last at least 5 MiB and at most 100 parts, for many sizes', () => {
    for (const size of [
      500 * MiB + 1,
      500 * MiB,
      500 * MiB - 1,
      1024 ** 3,
      3 * 1024 ** 3 + 7,
      5 * 1024 ** 3,
      123_456_789,
    ]) {
      const ranges = partRanges(size)
      expect(ranges.length).toBeGreaterThanOrEqual(1)
      expect(ranges.length).toBeLessThanOrEqual(MAX_PARTS)
      expect(ranges[0]?.start).toBe(0)
      expect(ranges.at(-1)?.end).toBe(size)
      ranges.forEach((range, i) => {
        if (i > 0) expect(range.start).toBe(ranges[i - 1]?.end)
        if (i < ranges.length - 1)
          expect(range.end - range.start).toBeGreaterThanOrEqual(MIN_PART_BYTES)
        expect(range.end).toBeGreaterThan(range.start)
      })
      expect(ranges.length).toBe(planParts(size).partsCount)
    }
  })

  it('refuses sizes that are not a positive whole number of bytes', () => {
    expect(() => planParts(0)).toThrow(RangeError)
    expect(() => planParts(-1)).toThrow(RangeError)
    expect(() => planParts(1.5)).toThrow(RangeError)
  })
})
