import AwsS3, { type AwsS3Part } from '@uppy/aws-s3'
import {
  completeMultipartUpload,
  createMultipartSignature,
  createUploadSignature,
} from '@/api/generated/sdk.gen'
import type { VideoMimeType } from '@/api/generated/types.gen'
import { planParts } from '@/lib/upload-parts'
import { createProgressBatcher } from './batched-progress'
import { partUrlsExpired } from './part-url-expiry'
import { failureKind, SignatureExpiredError } from './upload-failure'
import type { UploadJournal } from './upload-journal'
import type { UploadFile } from './uploader-options'
import { withRetry } from './with-retry'

// @uppy/aws-s3's hooks, answered by the service's signatures (document 1, section 4.3) and the
// journal: the browser never asks storage to start, list or complete a multipart upload itself
// (docs/decisions/0003-uppy-aws-s3-5.md).

export interface ServiceSigningOptions {
  journal: UploadJournal
  /** The channel a file's signatures are asked for. */
  channelFor: (file: UploadFile) => string
  /** Files of at least this size go multipart. */
  multipartThresholdBytes: number
}

type PartRequest = Parameters<typeof AwsS3.uploadPartBytes>[0]

const mimeOf = (file: UploadFile) => file.type as VideoMimeType

export function serviceSigning({
  journal,
  channelFor,
  multipartThresholdBytes,
}: ServiceSigningOptions) {
  const progress = createProgressBatcher()

  return {
    shouldUseMultipart: (file: UploadFile) => (file.size ?? 0) >= multipartThresholdBytes,
    // The same plan gives parts_count, so Uppy's part n is the service's part n.
    getChunkSize: (file: { size: number }) => planParts(file.size).partSize,

    // Every request's bytes (parts and form uploads) go through here.
    async uploadPartBytes(request: PartRequest) {
      const stored = journal.storedEtagAt(request.signature.url)
      if (stored) {
        const size = request.size ?? (request.body instanceof Blob ? request.body.size : 0)
        request.onProgress?.({ loaded: size, lengthComputable: true })
        request.onComplete?.(stored)
        return { ETag: stored }
      }
      const onProgress = request.onProgress ? progress.wrap(request.onProgress) : undefined
      try {
        return await AwsS3.uploadPartBytes({ ...request, onProgress })
      } catch (error) {
        throw failureKind(error) === 'expired' ? new SignatureExpiredError() : error
      } finally {
        if (request.onProgress) progress.settle(request.onProgress)
      }
    },

    async getUploadParameters(file: UploadFile, { signal }: { signal?: AbortSignal }) {
      const { data } = await withRetry(
        () =>
          createUploadSignature({
            body: {
              filename: file.name ?? 'video.mp4',
              mime_type: mimeOf(file),
              channel_id: channelFor(file),
            },
            signal,
            throwOnError: true,
          }),
        { signal },
      )
      // Fields in the documented order (document 1, section 4.3); Uppy appends `file` last.
      return {
        method: 'POST' as const,
        url: data.post_url,
        fields: {
          key: data.key,
          acl: data.acl,
          'X-Amz-Algorithm': data.algorithm,
          'X-Amz-Credential': data.credential,
          'X-Amz-Date': data.date,
          Policy: data.policy,
          'X-Amz-Signature': data.signature,
          'Content-Type': mimeOf(file),
        },
      }
    },

    async createMultipartUpload(file: UploadFile) {
      // A file retried after a failure continues the upload it started, while its addresses last.
      const existing = journal.multipart(file.id)
      if (existing && !partUrlsExpired(existing.partUrls)) {
        return { uploadId: existing.uploadId, key: existing.key }
      }
      const { partsCount } = planParts(file.size ?? 0)
      const { data } = await withRetry(() =>
        createMultipartSignature({
          body: {
            filename: file.name ?? 'video.mp4',
            mime_type: mimeOf(file),
            channel_id: channelFor(file),
            parts_count: partsCount,
          },
          throwOnError: true,
        }),
      )
      const partUrls = Object.fromEntries(
        data.parts.map((part) => [part.part, part.signature.put_url]),
      )
      journal.startMultipart(file.id, { uploadId: data.upload_id, key: data.key, partUrls })
      return { uploadId: data.upload_id, key: data.key }
    },

    signPart(file: UploadFile, { uploadId, partNumber }: { uploadId: string; partNumber: number }) {
      const record = journal.multipart(file.id)
      const url = record?.uploadId === uploadId ? record.partUrls[partNumber] : undefined
      if (!url) throw new SignatureExpiredError()
      return { method: 'PUT' as const, url }
    },

    // Asked when an upload resumes (after a pause or a reload): the service has no ListParts, so
    // the journal answers; addresses that expired meanwhile mean a new upload.
    listParts(file: UploadFile, { uploadId }: { uploadId?: string }): AwsS3Part[] {
      const record = journal.multipart(file.id)
      if (!record || record.uploadId !== uploadId || partUrlsExpired(record.partUrls))
        throw new SignatureExpiredError()
      return Object.entries(record.etags).map(([part, ETag]) => ({
        PartNumber: Number(part),
        ETag,
      }))
    },

    async completeMultipartUpload(
      _file: UploadFile,
      {
        key,
        uploadId,
        parts,
        signal,
      }: { key: string; uploadId: string; parts: AwsS3Part[]; signal?: AbortSignal },
    ) {
      // The service answers 500 for a transient failure here and accepts the same complete again.
      await withRetry(
        () =>
          completeMultipartUpload({
            body: {
              key,
              upload_id: uploadId,
              parts: parts.map((part) => ({ part: part.PartNumber ?? 0, etag: part.ETag ?? '' })),
            },
            signal,
            throwOnError: true,
          }),
        { signal },
      )
      return {}
    },

    // The service has no abort call: an unfinished multipart upload is left to storage's expiry.
    // Its record stays in the journal so a retry continues it; removing the file forgets it.
    abortMultipartUpload() {},
  }
}
