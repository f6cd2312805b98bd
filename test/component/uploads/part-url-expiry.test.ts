import { expect, it } from 'vitest'
import { presignedUrlExpiry } from '@/features/uploads/uploader/part-url-expiry'

it('reads a presigned address’s expiry from its date and validity', () => {
  const url =
    'http://127.0.0.1:9000/storage/b/k?partNumber=2&uploadId=u&X-Amz-Date=20261121T120000Z&X-Amz-Expires=3600&X-Amz-Signature=abc'
  expect(presignedUrlExpiry(url)).toBe(Date.UTC(2026, 10, 21, 13, 0, 0))
})

it('says nothing for an address that carries no validity', () => {
  expect(presignedUrlExpiry('http://127.0.0.1:9000/storage/b/k?partNumber=2')).toBeNull()
  expect(presignedUrlExpiry('not a url')).toBeNull()
})
