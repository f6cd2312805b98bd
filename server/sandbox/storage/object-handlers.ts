import { pipeline } from 'node:stream/promises'
import { parseByteRange } from './byte-range.ts'
import type { ObjectMeta } from './object-meta.ts'
import { openRequestPayload } from './request-payload.ts'
import { sendEmpty } from './responses.ts'
import { S3Error } from './s3-error.ts'
import type { AuthenticatedExchange } from './store-context.ts'
import type { WrittenFile } from './temp-files.ts'

const DEFAULT_CONTENT_TYPE = 'binary/octet-stream'

/** Query parameters of a (presigned) GET that override response headers. */
const RESPONSE_HEADER_OVERRIDES: Record<string, string> = {
  'response-content-type': 'Content-Type',
  'response-content-disposition': 'Content-Disposition',
  'response-content-language': 'Content-Language',
  'response-content-encoding': 'Content-Encoding',
  'response-cache-control': 'Cache-Control',
  'response-expires': 'Expires',
}

export async function putObject(ex: AuthenticatedExchange): Promise<void> {
  const { req, res, s3, store } = ex
  if (req.headers['x-amz-copy-source']) {
    throw new S3Error(501, 'NotImplemented', 'CopyObject is not implemented by the local store.')
  }
  store.objects.checkKey(s3.bucket, s3.key)
  const payload = openRequestPayload(req, s3, ex.auth, ex.body.open())
  let file: WrittenFile | undefined
  try {
    file = await store.temp.write(payload.data)
    payload.verify()
    const contentType = req.headers['content-type']
    const meta = await store.objects.commit(s3.bucket, s3.key, file, {
      ...(contentType ? { contentType } : {}),
      etag: `"${file.md5Hex}"`,
    })
    file = undefined
    sendEmpty(res, 200, { ETag: meta.etag })
  } finally {
    await store.temp.discard(file)
  }
}

export async function headObject(ex: AuthenticatedExchange): Promise<void> {
  const meta = await requireObject(ex)
  const range = parseByteRange(ex.req.headers.range, meta.size)
  ex.res.writeHead(range ? 206 : 200, objectHeaders(ex, meta, range))
  ex.res.end()
}

export async function getObject(ex: AuthenticatedExchange): Promise<void> {
  const { req, res, s3, store } = ex
  const meta = await requireObject(ex)
  const ifNoneMatch = req.headers['if-none-match']
  if (ifNoneMatch && etagListIncludes(ifNoneMatch, meta.etag)) {
    res.writeHead(304, { ETag: meta.etag })
    res.end()
    return
  }
  const ifMatch = req.headers['if-match']
  if (ifMatch && !etagListIncludes(ifMatch, meta.etag)) {
    throw new S3Error(
      412,
      'PreconditionFailed',
      'At least one of the pre-conditions you specified did not hold',
      {
        Condition: 'If-Match',
      },
    )
  }
  const ifRange = req.headers['if-range']
  const honourRange = !ifRange || ifRange === meta.etag
  const range = honourRange ? parseByteRange(req.headers.range, meta.size) : undefined
  const body = await store.objects.read(s3.bucket, s3.key, meta, range)
  if (!body) throw noSuchKey(s3.key)
  res.writeHead(range ? 206 : 200, objectHeaders(ex, meta, range))
  await pipeline(body, res)
}

export async function deleteObject(ex: AuthenticatedExchange): Promise<void> {
  await ex.store.objects.remove(ex.s3.bucket, ex.s3.key)
  sendEmpty(ex.res, 204)
}

async function requireObject(ex: AuthenticatedExchange): Promise<ObjectMeta> {
  const meta = await ex.store.objects.readMeta(ex.s3.bucket, ex.s3.key)
  if (!meta) throw noSuchKey(ex.s3.key)
  return meta
}

function objectHeaders(
  ex: AuthenticatedExchange,
  meta: ObjectMeta,
  range: { start: number; end: number } | undefined,
): Record<string, string | number> {
  const headers: Record<string, string | number> = {
    'Content-Type': meta.contentType ?? DEFAULT_CONTENT_TYPE,
    'Content-Length': range ? range.end - range.start + 1 : meta.size,
    ETag: meta.etag,
    'Last-Modified': new Date(meta.lastModified).toUTCString(),
    'Accept-Ranges': 'bytes',
  }
  if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${meta.size}`
  for (const [param, header] of Object.entries(RESPONSE_HEADER_OVERRIDES)) {
    const value = ex.s3.query.get(param)
    if (value !== undefined) headers[header] = value
  }
  return headers
}

function etagListIncludes(list: string, etag: string): boolean {
  return list
    .split(',')
    .map((candidate) => candidate.trim().replace(/^W\//, ''))
    .some((candidate) => candidate === '*' || candidate === etag)
}

export function noSuchKey(key: string): S3Error {
  return new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', { Key: key })
}
