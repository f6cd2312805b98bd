import { describe, expect, it } from 'vitest'
import { probeMp4Buffer } from '../../../server/sandbox/media/probe-mp4.ts'
import { makeMp4 } from '../../support/media/make-mp4.ts'

describe('probeMp4 on fragmented MP4', () => {
  it('uses mvex/mehd fragment_duration when mvhd has no duration', async () => {
    const probe = await probeMp4Buffer(makeMp4({ durationSeconds: 9.5, fragmented: 'with-mehd' }))

    expect(probe).toEqual({ durationSeconds: 9.5, width: 540, height: 960, brand: 'isom' })
  })

  it('sums moof/traf sample durations when there is no mehd', async () => {
    const file = makeMp4({ durationSeconds: 12.4, fragmented: 'without-mehd' })
    expect(file.includes('mehd')).toBe(false)

    const probe = await probeMp4Buffer(file)

    expect(probe.durationSeconds).toBeCloseTo(12.4, 6)
  })
})
