// The part plan of the dashboard's uploader (src/features/uploads/uploader/plan-parts.ts), copied
// here so the benchmark cannot silently change when the app does: every part but the last is at
// least 5 MiB and there are at most 100 parts, with the smallest part size that fits. The
// benchmark compares this plan with the app's at run time and says so when they differ, since
// the comparison is only fair when all three methods send the same parts.

export const MIN_PART_BYTES = 5 * 1024 * 1024
export const MAX_PARTS = 100

export interface Part {
  /** 1-based, as the service numbers parts. */
  part: number
  start: number
  end: number
}

export function planParts(size: number): { partSize: number; partsCount: number } {
  if (!Number.isSafeInteger(size) || size <= 0) throw new RangeError(`Invalid file size: ${size}`)
  const partSize = Math.max(MIN_PART_BYTES, Math.ceil(size / MAX_PARTS))
  return { partSize, partsCount: Math.ceil(size / partSize) }
}

export function partRanges(size: number): Part[] {
  const { partSize, partsCount } = planParts(size)
  return Array.from({ length: partsCount }, (_, i) => ({
    part: i + 1,
    start: i * partSize,
    end: Math.min(size, (i + 1) * partSize),
  }))
}

/** The app's plan for `size`, or why it could not be compared. */
export async function compareWithApp(size: number): Promise<string> {
  try {
    const app = (await import('../../src/features/uploads/uploader/plan-parts.ts')) as {
      planParts?: (size: number) => { partSize: number; partsCount: number }
    }
    if (typeof app.planParts !== 'function') return 'the app exports no planParts; not compared'
    const ours = planParts(size)
    const theirs = app.planParts(size)
    if (ours.partSize === theirs.partSize && ours.partsCount === theirs.partsCount) {
      return "same as the app's planParts"
    }
    return `DIFFERS from the app's planParts (${theirs.partsCount} parts of ${theirs.partSize} bytes): the comparison is not like for like`
  } catch (error) {
    return `the app's plan-parts.ts could not be loaded (${(error as Error).message}); not compared`
  }
}
