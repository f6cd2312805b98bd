import { beforeEach, expect, it } from 'vitest'
import { createUploadJournal } from '@/features/uploads/uploader/upload-journal'

beforeEach(() => localStorage.clear())

const metadata = { channel_id: 'ch_1', caption: 'Launch', publish: true }

it('keeps a multipart upload’s addresses and stored parts over a reload', () => {
  const before = createUploadJournal(localStorage)
  before.startMultipart('file-1', { uploadId: 'u1', key: 'k1', partUrls: { 1: 'a', 2: 'b' } })
  before.partStored('file-1', 1, '"etag-1"')

  const after = createUploadJournal(localStorage)
  expect(after.multipart('file-1')).toEqual({
    uploadId: 'u1',
    key: 'k1',
    partUrls: { 1: 'a', 2: 'b' },
    etags: { 1: '"etag-1"' },
  })
})

it('answers a part’s ETag from its presigned address once storage holds it', () => {
  const journal = createUploadJournal(localStorage)
  journal.startMultipart('file-1', { uploadId: 'u1', key: 'k1', partUrls: { 1: 'a', 2: 'b' } })
  journal.partStored('file-1', 2, '"etag-2"')
  expect(journal.storedEtagAt('b')).toBe('"etag-2"')
  expect(journal.storedEtagAt('a')).toBeUndefined()
  expect(journal.storedEtagAt('unknown')).toBeUndefined()
})

it('keeps a stored object’s key and details until its video exists', () => {
  const before = createUploadJournal(localStorage)
  before.startMultipart('file-1', { uploadId: 'u1', key: 'k1', partUrls: {} })
  before.objectStored('file-1', { fileName: 'launch.mp4', key: 'k1', metadata })

  const after = createUploadJournal(localStorage)
  expect(after.multipart('file-1')).toBeUndefined()
  expect(after.creations()).toEqual([['file-1', { fileName: 'launch.mp4', key: 'k1', metadata }]])
  after.videoCreated('file-1', 'vid_1')
  expect(createUploadJournal(localStorage).creation('file-1')?.videoId).toBe('vid_1')
})

it('lists files to pick again until they are found or forgotten', () => {
  const journal = createUploadJournal(localStorage)
  journal.fileMissing({ id: 'f1', name: 'one.mp4', size: 1, meta: { caption: 'One' } })
  journal.fileMissing({ id: 'f2', name: 'two.mp4', size: 2, meta: {} })
  expect(journal.fileFound('f1')?.meta).toEqual({ caption: 'One' })
  journal.forgetMissing('f2')
  expect(createUploadJournal(localStorage).missing()).toEqual([])
})

it('starts afresh when what it kept is older than a day', () => {
  localStorage.setItem(
    'uploads:journal',
    JSON.stringify({
      savedAt: Date.now() - 25 * 60 * 60 * 1000,
      multipart: { f: { uploadId: 'u', key: 'k', partUrls: {}, etags: {} } },
      creations: {},
      missing: {},
    }),
  )
  expect(createUploadJournal(localStorage).multipart('f')).toBeUndefined()
})
