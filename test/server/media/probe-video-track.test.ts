import { describe, expect, it } from 'vitest'
import { probeMp4Buffer } from '../../../server/sandbox/media/probe-mp4.ts'
import { makeMp4 } from '../../support/media/make-mp4.ts'

describe('probeMp4 video dimensions', () => {
  it('takes the size from the video track even when audio comes first', async () => {
    const probe = await probeMp4Buffer(
      makeMp4({ durationSeconds: 5, width: 720, height: 1280, audioTrackFirst: true }),
    )

    expect({ width: probe.width, height: probe.height }).toEqual({ width: 720, height: 1280 })
  })

  it('reports the displayed size of phone video stored landscape with a 90° matrix', async () => {
    const probe = await probeMp4Buffer(
      makeMp4({ durationSeconds: 5, width: 1080, height: 1920, rotate90: true }),
    )

    expect({ width: probe.width, height: probe.height }).toEqual({ width: 1080, height: 1920 })
  })
})
