import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join } from 'node:path'
import { answerPreflight, applyCorsHeaders } from './cors.ts'
import {
  abortMultipartUpload,
  completeMultipartUpload,
  createMultipartUpload,
  listParts,
  uploadPart,
} from './multipart-handlers.ts'
import { MultipartUploads } from './multipart-uploads.ts'
import { ObjectFiles } from './object-files.ts'
import { deleteObject, getObject, headObject, putObject } from './object-handlers.ts'
import { postObject } from './post-object-handler.ts'
import { authenticateRequest } from './request-auth.ts'
import { RequestBody } from './request-body.ts'
import { sendEmpty, sendError } from './responses.ts'
import { S3Error } from './s3-error.ts'
import { parseS3Request } from './s3-request.ts'
import type { AuthenticatedExchange, Exchange, StoreContext } from './store-context.ts'
import { TempFiles } from './temp-files.ts'

export interface LocalObjectStoreOptions {
  rootDir: string
  /** Where the store is mounted, e.g. '/storage': requests are `{basePath}/{bucket}/{key}`. */
  basePath: string
  region: string
  credentials: { accessKeyId: string; secretAccessKey: string }
  buckets: string[]
  /** Milliseconds since the epoch; tests may move the store's clock. */
  now?: () => number
}

export interface LocalObjectStore {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>
}

/**
 * An S3-compatible object store on disk, enough of the S3 REST API (path-style, SigV4) for the
 * AWS SDK and for browsers uploading with presigned URLs and POST policies.
 */
export function createLocalObjectStore(opts: LocalObjectStoreOptions): LocalObjectStore {
  const temp = new TempFiles(join(opts.rootDir, 'tmp'))
  const store: StoreContext = {
    identity: { region: opts.region, credentials: opts.credentials },
    objects: new ObjectFiles(opts.rootDir, join(opts.rootDir, 'tmp')),
    uploads: new MultipartUploads(opts.rootDir),
    temp,
    now: opts.now ?? Date.now,
  }
  const buckets = new Set(opts.buckets)

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestId = randomBytes(8).toString('hex').toUpperCase()
    res.setHeader('x-amz-request-id', requestId)
    applyCorsHeaders(res)
    if (req.method === 'OPTIONS') {
      answerPreflight(req, res)
      return
    }
    const body = new RequestBody(req)
    try {
      const s3 = parseS3Request(req, opts.basePath)
      if (!buckets.has(s3.bucket)) {
        throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist', {
          BucketName: s3.bucket,
        })
      }
      await route({ req, res, s3, body, store })
    } catch (error) {
      await answerFailure(req, res, body, error, requestId)
    }
  }

  return { handle }
}

async function route(ex: Exchange): Promise<void> {
  const { s3 } = ex
  if (s3.key === '' && s3.method === 'POST' && !s3.query.has('X-Amz-Signature')) {
    return postObject(ex)
  }
  const authenticated: AuthenticatedExchange = {
    ...ex,
    auth: authenticateRequest(ex.req, s3, ex.store.identity, ex.store.now()),
  }
  if (s3.key === '') return routeBucket(authenticated)
  const uploadId = s3.query.get('uploadId')
  switch (s3.method) {
    case 'PUT':
      return uploadId === undefined ? putObject(authenticated) : uploadPart(authenticated, uploadId)
    case 'POST':
      if (s3.query.has('uploads')) return createMultipartUpload(authenticated)
      if (uploadId !== undefined) return completeMultipartUpload(authenticated, uploadId)
      break
    case 'GET':
      return uploadId === undefined ? getObject(authenticated) : listParts(authenticated, uploadId)
    case 'HEAD':
      return headObject(authenticated)
    case 'DELETE':
      return uploadId === undefined
        ? deleteObject(authenticated)
        : abortMultipartUpload(authenticated, uploadId)
  }
  throw notImplemented()
}

function routeBucket(ex: AuthenticatedExchange): void {
  if (ex.s3.method !== 'HEAD') throw notImplemented()
  sendEmpty(ex.res, 200)
}

function notImplemented(): S3Error {
  return new S3Error(
    501,
    'NotImplemented',
    'A header or query you provided implies functionality that is not implemented by the local store.',
  )
}

async function answerFailure(
  req: IncomingMessage,
  res: ServerResponse,
  body: RequestBody,
  error: unknown,
  requestId: string,
): Promise<void> {
  const disconnected = clientDisconnected(req, res, error)
  if (!(error instanceof S3Error) && !disconnected) console.error('local object store:', error)
  if (res.headersSent || disconnected) {
    res.destroy()
    return
  }
  const s3Error =
    error instanceof S3Error
      ? error
      : new S3Error(500, 'InternalError', 'We encountered an internal error. Please try again.')
  try {
    await body.drain()
  } catch {
    res.destroy()
    return
  }
  sendError(res, s3Error, requestId, req.method === 'HEAD')
}

/** Browsers abandon uploads and media range requests all the time; that is not a store failure. */
function clientDisconnected(req: IncomingMessage, res: ServerResponse, error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  return (
    (req.destroyed && !req.complete) ||
    res.destroyed ||
    code === 'ECONNRESET' ||
    code === 'EPIPE' ||
    code === 'ERR_STREAM_PREMATURE_CLOSE'
  )
}
