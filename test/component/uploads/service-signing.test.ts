import '@/api/client'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { AwsBody } from '@uppy/aws-s3'
import Uppy from '@uppy/core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { serviceSigning } from '@/features/uploads/uploader/service-signing'
import { SignatureExpiredError } from '@/features/uploads/uploader/upload-failure'
import { createUploadJournal, type UploadJournal } from '@/features/uploads/uploader/upload-journal'
import type { FileDetails } from '@/features/uploads/uploader/uploader-options'
import { planParts } from '@/lib/upload-parts'
import { type Call, fakeApi } from '../support/fake-api'

const MiB = 1024 * 1024

// Storage on a loopback port: part PUTs really travel, so a part not sent is a request not seen.
let storage: Server
let storageUrl = ''
const received: string[] = []
beforeAll(async () => {
  storage = createServer((request, response) => {
    response.setHeader('access-control-allow-origin', '*')
    response.setHeader('access-control-allow-methods', 'PUT')
    response.setHeader('access-control-expose-headers', 'ETag')
    if (request.method === 'OPTIONS') return response.end()
    const address = new URL(request.url ?? '', storageUrl).searchParams
    received.push(`${request.method} part ${address.get('partNumber')}`)
    request.resume()
    request.on('end', () => {
      if (address.get('X-Amz-Signature') === 'expired') {
        response.statusCode = 403
        return response.end('<Error><Message>Request has expired</Message></Error>')
      }
      response.setHeader('etag', `"stored-${address.get('partNumber')}"`)
      response.end()
    })
  })
  await new Promise<void>((resolve) => storage.listen(0, '127.0.0.1', resolve))
  storageUrl = `http://127.0.0.1:${(storage.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => storage.close(() => resolve())))

const amzDate = (date: Date) => date.toISOString().replace(/[-:]|\.\d{3}/g, '')
// A presigned part address as the service makes them: valid for 60 minutes from its date.
const partUrl = (uploadId: string, part: number, signedAt = new Date(), signature = 'valid') =>
  `${storageUrl}/sandbox-uploads/clip.mp4?partNumber=${part}&uploadId=${uploadId}&X-Amz-Date=${amzDate(signedAt)}&X-Amz-Expires=3600&X-Amz-Signature=${signature}`

let journal: UploadJournal
let uppy: Uppy<FileDetails, AwsBody>
const signing = () =>
  serviceSigning({ journal, channelFor: () => 'ch_aurora', multipartThresholdBytes: 10 * MiB })
const addFile = (size: number, name = 'clip.mp4') =>
  uppy.getFile(uppy.addFile({ name, type: 'video/mp4', data: new Blob([new Uint8Array(size)]) }))

// The service's signature calls, answered as the service does.
let serviceCalls: Call[]
let completeFailures = 0
beforeEach(() => {
  localStorage.clear()
  received.length = 0
  completeFailures = 0
  journal = createUploadJournal(localStorage)
  uppy = new Uppy<FileDetails, AwsBody>()
  serviceCalls = fakeApi(({ method, url, body }) => {
    if (method !== 'POST') return undefined
    if (url.pathname === '/api/v1/upload_signatures') {
      return {
        status: 201,
        body: {
          acl: 'private',
          signature: 'sig',
          policy: 'cG9saWN5',
          date: '20250302T100000Z',
          credential: 'sandbox/20250302/us-east-1/s3/aws4_request',
          algorithm: 'AWS4-HMAC-SHA256',
          post_url: `${storageUrl}/sandbox-uploads`,
          key: 'ch_aurora/clip.mp4',
        },
      }
    }
    if (url.pathname === '/api/v1/upload_multipart/signatures') {
      const { parts_count } = body as { parts_count: number }
      const uploadId = `upload-${serviceCalls.length}`
      return {
        status: 201,
        body: {
          key: 'ch_aurora/clip.mp4',
          upload_id: uploadId,
          parts: Array.from({ length: parts_count }, (_, i) => ({
            part: i + 1,
            signature: { put_url: partUrl(uploadId, i + 1), key: 'ch_aurora/clip.mp4' },
          })),
        },
      }
    }
    if (url.pathname === '/api/v1/upload_multipart/complete') {
      if (completeFailures-- > 0) return { status: 500, body: { error: 'Storage hiccup' } }
      return { status: 204 }
    }
    return undefined
  })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  uppy.destroy()
})

describe('single uploads', () => {
  it('asks for a POST policy for the channel and gives its fields in the documented order', async () => {
    const file = addFile(64 * 1024)
    const parameters = await signing().getUploadParameters(file, {})

    expect(serviceCalls.map((call) => call.body)).toEqual([
      { filename: 'clip.mp4', mime_type: 'video/mp4', channel_id: 'ch_aurora' },
    ])
    expect(parameters.method).toBe('POST')
    expect(parameters.url).toBe(`${storageUrl}/sandbox-uploads`)
    // Document 1, section 4.3: this order, then `file`, which Uppy appends last.
    expect(Object.entries(parameters.fields)).toEqual([
      ['key', 'ch_aurora/clip.mp4'],
      ['acl', 'private'],
      ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
      ['X-Amz-Credential', 'sandbox/20250302/us-east-1/s3/aws4_request'],
      ['X-Amz-Date', '20250302T100000Z'],
      ['Policy', 'cG9saWN5'],
      ['X-Amz-Signature', 'sig'],
      ['Content-Type', 'video/mp4'],
    ])
  })

  it('sends files under the threshold as one upload and the others in parts', () => {
    expect(signing().shouldUseMultipart(addFile(10 * MiB - 1, 'short.mp4'))).toBe(false)
    expect(signing().shouldUseMultipart(addFile(10 * MiB, 'long.mp4'))).toBe(true)
  })
})

describe('multipart uploads', () => {
  it('asks for as many part signatures as the part plan has, and cuts the file the same way', async () => {
    const file = addFile(13 * MiB)
    const adapter = signing()
    const upload = await adapter.createMultipartUpload(file)

    expect(serviceCalls.map((call) => call.body)).toEqual([
      { filename: 'clip.mp4', mime_type: 'video/mp4', channel_id: 'ch_aurora', parts_count: 3 },
    ])
    expect(adapter.getChunkSize({ size: 13 * MiB })).toBe(planParts(13 * MiB).partSize)
    expect(adapter.getChunkSize({ size: 13 * MiB })).toBe(5 * MiB)
    for (const part of [1, 2, 3]) {
      expect(adapter.signPart(file, { ...upload, partNumber: part })).toEqual({
        method: 'PUT',
        url: partUrl(upload.uploadId, part),
      })
    }
  })

  it('continues the upload a retried file started while its addresses last, and starts over once they expire', async () => {
    const file = addFile(13 * MiB)
    const first = await signing().createMultipartUpload(file)
    expect(await signing().createMultipartUpload(file)).toEqual(first)
    expect(serviceCalls).toHaveLength(1)

    const signedAt = new Date(Date.now() - 59.5 * 60_000) // expires within the next minute
    journal.startMultipart(file.id, {
      ...first,
      partUrls: { 1: partUrl(first.uploadId, 1, signedAt) },
    })
    const second = await signing().createMultipartUpload(file)
    expect(serviceCalls).toHaveLength(2)
    expect(second.uploadId).not.toBe(first.uploadId)
    // The old upload's addresses are gone: a part still asked for under it must start over.
    expect(() => signing().signPart(file, { ...first, partNumber: 1 })).toThrow(
      SignatureExpiredError,
    )
  })

  it('answers which parts storage holds from the journal, and refuses expired addresses', async () => {
    const file = addFile(13 * MiB)
    const upload = await signing().createMultipartUpload(file)
    journal.partStored(file.id, 1, '"stored-1"')
    journal.partStored(file.id, 3, '"stored-3"')
    expect(signing().listParts(file, upload)).toEqual([
      { PartNumber: 1, ETag: '"stored-1"' },
      { PartNumber: 3, ETag: '"stored-3"' },
    ])

    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000)
    journal.startMultipart(file.id, {
      ...upload,
      partUrls: { 1: partUrl(upload.uploadId, 1, twoHoursAgo) },
    })
    expect(() => signing().listParts(file, upload)).toThrow(SignatureExpiredError)
  })

  it('does not send a part again once storage holds it', async () => {
    const file = addFile(13 * MiB)
    const upload = await signing().createMultipartUpload(file)
    const adapter = signing()
    const send = async (part: number) => {
      const progress: number[] = []
      const completed: string[] = []
      const result = await adapter.uploadPartBytes({
        signature: adapter.signPart(file, { ...upload, partNumber: part }),
        body: new Blob([new Uint8Array(1024)]),
        onProgress: (event: { loaded: number }) => progress.push(event.loaded),
        onComplete: (etag: string) => completed.push(etag),
      })
      return { result, progress, completed }
    }

    const sent = await send(1)
    expect(sent.result.ETag).toBe('"stored-1"')
    expect(received).toEqual(['PUT part 1'])
    journal.partStored(file.id, 1, sent.result.ETag)

    const again = await send(1)
    expect(again.result.ETag).toBe('"stored-1"')
    expect(again.completed).toEqual(['"stored-1"'])
    expect(again.progress.at(-1)).toBe(1024)
    expect(received).toHaveLength(1)
  })

  it('turns storage’s "Request has expired" into a SignatureExpiredError', async () => {
    await expect(
      signing().uploadPartBytes({
        signature: { method: 'PUT', url: partUrl('u1', 1, new Date(), 'expired') },
        body: new Blob([new Uint8Array(1024)]),
        onProgress: () => {},
        onComplete: () => {},
      }),
    ).rejects.toBeInstanceOf(SignatureExpiredError)
  })

  it('completes with every part’s ETag, and sends the complete again after a transient failure', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    completeFailures = 1
    const parts = [
      { PartNumber: 1, ETag: '"stored-1"' },
      { PartNumber: 2, ETag: '"stored-2"' },
    ]
    const done = signing().completeMultipartUpload(addFile(1024), {
      key: 'ch_aurora/clip.mp4',
      uploadId: 'upload-1',
      parts,
    })
    await vi.advanceTimersByTimeAsync(500)
    await expect(done).resolves.toEqual({})
    const completes = serviceCalls.filter((call) => call.url.pathname.endsWith('/complete'))
    expect(completes.map((call) => call.body)).toEqual([
      {
        key: 'ch_aurora/clip.mp4',
        upload_id: 'upload-1',
        parts: [
          { part: 1, etag: '"stored-1"' },
          { part: 2, etag: '"stored-2"' },
        ],
      },
      {
        key: 'ch_aurora/clip.mp4',
        upload_id: 'upload-1',
        parts: [
          { part: 1, etag: '"stored-1"' },
          { part: 2, etag: '"stored-2"' },
        ],
      },
    ])
  })
})
