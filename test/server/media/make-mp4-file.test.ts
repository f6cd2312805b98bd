import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { layoutMp4, makeMp4, makeMp4File } from '../../support/media/make-mp4.ts'

describe('makeMp4File', () => {
  const scratch = mkdtemp(join(tmpdir(), 'make-mp4-file-'))
  afterAll(async () => rm(await scratch, { recursive: true, force: true }))

  it('writes the same bytes as makeMp4', async () => {
    const options = { durationSeconds: 7, moovAtEnd: true, totalBytes: 12 * 1024 * 1024 }
    const path = join(await scratch, 'same.mp4')

    await makeMp4File(path, options)

    expect((await readFile(path)).equals(makeMp4(options))).toBe(true)
  })

  it('switches the mdat to a 64-bit size past 4 GiB and still hits totalBytes', () => {
    const layout = layoutMp4({ durationSeconds: 3000, totalBytes: 5 * 1024 ** 3 })
    const mdatSize = layout.head.subarray(-16)

    expect(layout.totalBytes).toBe(5 * 1024 ** 3)
    expect(mdatSize.readUInt32BE(0)).toBe(1)
    expect(mdatSize.toString('latin1', 4, 8)).toBe('mdat')
    expect(Number(mdatSize.readBigUInt64BE(8))).toBe(layout.totalBytes - layout.head.length + 16)
  })
})
