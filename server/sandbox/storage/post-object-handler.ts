import { readFormParts } from './multipart-form.ts'
import { type ContentLengthRange, verifyPostPolicy } from './post-policy.ts'
import { MAX_PUT_SIZE } from './request-payload.ts'
import { sendEmpty, sendXml } from './responses.ts'
import { S3Error } from './s3-error.ts'
import type { Exchange } from './store-context.ts'
import type { WrittenFile } from './temp-files.ts'
import { xmlDocument, xmlElements } from './xml.ts'

/** S3 limits what precedes the file in a POST form. */
const MAX_FIELDS_BYTES = 20 * 1024

/**
 * A browser form upload (S3 PostObject): the fields are read and the policy verified before any
 * file byte is stored; the file is streamed to a temporary file and only becomes the object once
 * it was received whole and within the policy's content-length-range.
 */
export async function postObject(ex: Exchange): Promise<void> {
  const { req, s3, store } = ex
  const boundary = multipartBoundary(req.headers['content-type'])
  const scanner = ex.body.open(malformedPost)
  const fields = new Map<string, string>()
  let fieldBytes = 0
  for await (const part of readFormParts(scanner, boundary, malformedPost)) {
    const name = part.name.toLowerCase()
    if (name === 'file') {
      const post = verifyPostPolicy({
        fields,
        bucket: s3.bucket,
        filename: part.filename,
        identity: store.identity,
        now: store.now(),
      })
      store.objects.checkKey(s3.bucket, post.key)
      const file = await receiveFile(ex, part.body, post.contentLengthRange)
      const contentType = fields.get('content-type')
      const meta = await store.objects
        .commit(s3.bucket, post.key, file, {
          ...(contentType ? { contentType } : {}),
          etag: `"${file.md5Hex}"`,
        })
        .catch(async (error: unknown) => {
          await store.temp.discard(file)
          throw error
        })
      await ex.body.drain()
      answerSuccess(ex, fields, post.key, meta.etag)
      return
    }
    const pieces: Buffer[] = []
    fieldBytes += name.length
    for await (const piece of part.body) {
      fieldBytes += piece.length
      if (fieldBytes > MAX_FIELDS_BYTES) {
        throw new S3Error(
          400,
          'MaxPostPreDataLengthExceeded',
          'Your POST request fields preceding the upload file were too large.',
        )
      }
      pieces.push(piece)
    }
    fields.set(name, Buffer.concat(pieces).toString('utf8'))
  }
  throw new S3Error(400, 'InvalidArgument', 'POST requires exactly one file upload per request.', {
    ArgumentName: 'file',
  })
}

async function receiveFile(
  ex: Exchange,
  body: AsyncGenerator<Buffer>,
  range: ContentLengthRange | undefined,
): Promise<WrittenFile> {
  const max = Math.min(range?.max ?? MAX_PUT_SIZE, MAX_PUT_SIZE)
  let received = 0
  async function* limited(): AsyncGenerator<Buffer> {
    for await (const piece of body) {
      received += piece.length
      if (received > max) {
        throw new S3Error(
          400,
          'EntityTooLarge',
          'Your proposed upload exceeds the maximum allowed size',
          {
            ProposedSize: String(received),
            MaxSizeAllowed: String(max),
          },
        )
      }
      yield piece
    }
  }
  const file = await ex.store.temp.write(limited())
  if (range && file.size < range.min) {
    await ex.store.temp.discard(file)
    throw new S3Error(
      400,
      'EntityTooSmall',
      'Your proposed upload is smaller than the minimum allowed size',
      {
        ProposedSize: String(file.size),
        MinSizeAllowed: String(range.min),
      },
    )
  }
  return file
}

function answerSuccess(ex: Exchange, fields: Map<string, string>, key: string, etag: string): void {
  const { req, res, s3 } = ex
  const location = `http://${req.headers.host ?? 'localhost'}${s3.rawPath.replace(/\/$/, '')}/${encodeURIComponent(key).replaceAll('%2F', '/')}`
  const headers = { ETag: etag, Location: location }
  const redirect = fields.get('success_action_redirect')
  if (redirect) {
    const target = new URL(redirect)
    target.searchParams.set('bucket', s3.bucket)
    target.searchParams.set('key', key)
    target.searchParams.set('etag', etag)
    sendEmpty(res, 303, { ...headers, Location: target.toString() })
    return
  }
  const status = fields.get('success_action_status')
  if (status === '201') {
    res.setHeader('ETag', etag)
    res.setHeader('Location', location)
    sendXml(
      res,
      201,
      xmlDocument(
        'PostResponse',
        xmlElements({ Location: location, Bucket: s3.bucket, Key: key, ETag: etag }),
      ),
    )
    return
  }
  sendEmpty(res, status === '200' ? 200 : 204, headers)
}

function multipartBoundary(contentType: string | undefined): string {
  const match = /^multipart\/form-data\s*;.*?boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(
    contentType ?? '',
  )
  const boundary = match?.[1] ?? match?.[2]
  if (!boundary)
    throw malformedPost('The body of your POST request is not well-formed multipart/form-data.')
  return boundary
}

function malformedPost(message: string): S3Error {
  return new S3Error(400, 'MalformedPOSTRequest', message)
}
