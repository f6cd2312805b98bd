import type { Readable } from 'node:stream'
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import { createPresignedPost } from '@aws-sdk/s3-presigned-post'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { putStreamOfUnknownSize } from './put-unknown-size.ts'
import { StorageError, storageCall, toStorageError } from './storage-error.ts'

export { StorageError } from './storage-error.ts'

export interface StorageConfig {
  /** e.g. 'http://localhost:4010/storage' for the local store; its path prefix is kept. */
  endpoint: string
  region: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  forcePathStyle: boolean
}

/** The fields a browser sends, before the file, in a form POSTed to `post_url`. */
export interface SinglePostSignature {
  key: string
  post_url: string
  policy: string
  signature: string
  date: string
  credential: string
  algorithm: string
  acl: 'private'
}

export interface StoredObjectStream {
  stream: NodeJS.ReadableStream
  /** Bytes in this response: the range's length for a 206. */
  size: number
  contentType?: string
  status: 200 | 206
  contentRange?: string
}

export interface Storage {
  presignPost(key: string, contentType: string): Promise<SinglePostSignature>
  createMultipartUpload(key: string, contentType: string): Promise<string>
  presignUploadPart(key: string, uploadId: string, partNumber: number): Promise<string>
  completeMultipartUpload(
    key: string,
    uploadId: string,
    parts: { part: number; etag: string }[],
  ): Promise<void>
  head(key: string): Promise<{ size: number; contentType: string | undefined } | null>
  readRange(key: string, start: number, endInclusive: number): Promise<Buffer>
  getStream(key: string, range?: string): Promise<StoredObjectStream>
  putObject(
    key: string,
    body: Buffer | NodeJS.ReadableStream,
    contentType: string,
    size?: number,
  ): Promise<void>
  deleteObject(key: string): Promise<void>
}

/** How long presigned POST policies and part URLs stay valid. */
export const PRESIGN_EXPIRES_S = 3600
/** Smallest single-request upload the POST policy accepts (25 KiB); smaller files are not videos. */
export const MIN_POST_UPLOAD_BYTES = 25 * 1024
/** Largest single-request upload S3 accepts (5 GiB). */
export const MAX_POST_UPLOAD_BYTES = 5 * 1024 ** 3

/**
 * The sandbox's object storage, through the AWS SDK only, so the local store and any
 * S3-compatible bucket are interchangeable by configuration.
 */
export function createStorage(cfg: StorageConfig): Storage {
  const clientConfig = {
    endpoint: cfg.endpoint,
    region: cfg.region,
    forcePathStyle: cfg.forcePathStyle,
    credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey },
  }
  const client = new S3Client(clientConfig)
  // With the SDK's default (WHEN_SUPPORTED), presigned URLs carry the CRC32 of an empty body,
  // which S3 then compares with the uploaded bytes and rejects (BadDigest).
  const presigner = new S3Client({ ...clientConfig, requestChecksumCalculation: 'WHEN_REQUIRED' })
  const Bucket = cfg.bucket

  return {
    async presignPost(key, contentType) {
      const post = await storageCall(() =>
        createPresignedPost(presigner, {
          Bucket,
          Key: key,
          Expires: PRESIGN_EXPIRES_S,
          Fields: { acl: 'private', 'Content-Type': contentType },
          Conditions: [['content-length-range', MIN_POST_UPLOAD_BYTES, MAX_POST_UPLOAD_BYTES]],
        }),
      )
      const field = (name: string) => {
        const value = post.fields[name]
        if (value === undefined) throw new StorageError('PresignFailed', 500, `No ${name} field`)
        return value
      }
      return {
        key,
        post_url: post.url,
        policy: field('Policy'),
        signature: field('X-Amz-Signature'),
        date: field('X-Amz-Date'),
        credential: field('X-Amz-Credential'),
        algorithm: field('X-Amz-Algorithm'),
        acl: 'private',
      }
    },

    async createMultipartUpload(key, contentType) {
      const created = await storageCall(() =>
        client.send(
          new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }),
        ),
      )
      if (!created.UploadId) throw new StorageError('InternalError', 500, 'No UploadId returned')
      return created.UploadId
    },

    presignUploadPart(key, uploadId, partNumber) {
      return storageCall(() =>
        getSignedUrl(
          presigner,
          new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber: partNumber }),
          { expiresIn: PRESIGN_EXPIRES_S },
        ),
      )
    },

    async completeMultipartUpload(key, uploadId, parts) {
      await storageCall(() =>
        client.send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key: key,
            UploadId: uploadId,
            MultipartUpload: {
              Parts: parts.map(({ part, etag }) => ({ PartNumber: part, ETag: etag })),
            },
          }),
        ),
      )
    },

    async head(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }))
        return { size: head.ContentLength ?? 0, contentType: head.ContentType }
      } catch (error) {
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) {
          return null
        }
        throw toStorageError(error)
      }
    },

    async readRange(key, start, endInclusive) {
      const object = await storageCall(() =>
        client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: `bytes=${start}-${endInclusive}` }),
        ),
      )
      if (!object.Body) return Buffer.alloc(0)
      const body = object.Body
      return Buffer.from(await storageCall(() => body.transformToByteArray()))
    },

    async getStream(key, range) {
      const object = await storageCall(() =>
        client.send(new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: range } : {}) })),
      )
      return {
        stream: object.Body as Readable,
        size: object.ContentLength ?? 0,
        ...(object.ContentType ? { contentType: object.ContentType } : {}),
        status: object.ContentRange ? 206 : 200,
        ...(object.ContentRange ? { contentRange: object.ContentRange } : {}),
      }
    },

    async putObject(key, body, contentType, size) {
      if (!Buffer.isBuffer(body) && size === undefined) {
        await putStreamOfUnknownSize(client, { Bucket, Key: key, ContentType: contentType }, body)
        return
      }
      await storageCall(() =>
        client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: body as Buffer | Readable,
            ContentType: contentType,
            ...(size === undefined ? {} : { ContentLength: size }),
          }),
        ),
      )
    },

    async deleteObject(key) {
      await storageCall(() => client.send(new DeleteObjectCommand({ Bucket, Key: key })))
    },
  }
}
