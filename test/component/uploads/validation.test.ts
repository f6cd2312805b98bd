import { describe, expect, it } from 'vitest'
import {
  baseName,
  durationProblem,
  extensionOf,
  fileProblem,
  MAX_FILE_BYTES,
  MIN_FILE_BYTES,
} from '@/features/uploads/uploader/validation'

const mp4 = { name: 'clip.mp4', type: 'video/mp4', size: 1024 * 1024 }

describe('fileProblem', () => {
  it('accepts .mp4 and .mov with their video types, whatever the case of the extension', () => {
    expect(fileProblem(mp4)).toBeNull()
    expect(fileProblem({ name: 'Clip.MOV', type: 'video/quicktime', size: 30_000 })).toBeNull()
    expect(fileProblem({ ...mp4, size: MIN_FILE_BYTES })).toBeNull()
    expect(fileProblem({ ...mp4, size: MAX_FILE_BYTES })).toBeNull()
  })

  it('names the file and the reason', () => {
    expect(fileProblem({ ...mp4, name: 'clip.avi' })).toMatch(/^clip\.avi: only \.mp4 and \.mov/)
    expect(fileProblem({ ...mp4, name: 'mp4' })).toMatch(/only \.mp4 and \.mov/)
    expect(fileProblem({ ...mp4, type: 'video/webm' })).toMatch(/of type video\/webm/)
    expect(fileProblem({ ...mp4, type: '' })).toMatch(/unknown type/)
    expect(fileProblem({ ...mp4, size: MIN_FILE_BYTES - 1 })).toMatch(/smaller than 25 KB/)
    expect(fileProblem({ ...mp4, size: MAX_FILE_BYTES + 1 })).toMatch(/larger than 5 GB/)
    expect(fileProblem({ ...mp4, size: null })).toMatch(/smaller than 25 KB/)
  })
})

describe('durationProblem', () => {
  it('accepts 3 seconds to 1 hour', () => {
    expect(durationProblem('a.mp4', 3)).toBeNull()
    expect(durationProblem('a.mp4', 8.03)).toBeNull()
    expect(durationProblem('a.mp4', 3600)).toBeNull()
  })
  it('says why a duration is refused', () => {
    expect(durationProblem('a.mp4', 2.9)).toMatch(/lasts 2\.9 s; .*at least 3 seconds/)
    expect(durationProblem('a.mp4', 3600.5)).toMatch(/at most 1 hour/)
    expect(durationProblem('a.mp4', null)).toMatch(/could not be read/)
    expect(durationProblem('a.mp4', Number.NaN)).toMatch(/could not be read/)
    expect(durationProblem('a.mp4', Number.POSITIVE_INFINITY)).toMatch(/could not be read/)
  })
})

describe('names', () => {
  it('splits extensions', () => {
    expect(extensionOf('a.b.MP4')).toBe('.mp4')
    expect(extensionOf('.mp4')).toBe('')
    expect(baseName('summer.sale.mov')).toBe('summer.sale')
    expect(baseName('noext')).toBe('noext')
  })
})
