import { describe, expect, it } from 'vitest'
import { probeMp4Buffer } from '../../../server/sandbox/media/probe-mp4.ts'
import { makeMp4 } from '../../support/media/make-mp4.ts'

describe('probeMp4 on QuickTime .mov files', () => {
  it("reads a 'qt  ' file with a wide box before the mdat", async () => {
    const file = makeMp4({ durationSeconds: 14.2, quicktime: true, width: 1080, height: 1920 })
    expect(file.includes('wide')).toBe(true)

    const probe = await probeMp4Buffer(file)

    expect(probe).toEqual({ durationSeconds: 14.2, width: 1080, height: 1920, brand: 'qt  ' })
  })

  it('reads a file with no ftyp at all', async () => {
    const file = makeMp4({ durationSeconds: 9, quicktime: true, omitFtyp: true, moovAtEnd: true })

    const probe = await probeMp4Buffer(file)

    expect(probe).toEqual({ durationSeconds: 9, width: 540, height: 960, brand: null })
  })
})
