/*
 * Which @uppy/aws-s3 major, and why (decided for issue 4, with the sources in node_modules):
 *
 * The service signs uploads its own way (document 1, section 4.3): one call returns a presigned
 * POST policy for a single upload, one call (`/upload_multipart/signatures`, with `parts_count`)
 * creates the multipart upload on the service side and presigns every part's PUT at once, and
 * `/upload_multipart/complete` assembles the parts. The browser never talks S3's
 * CreateMultipartUpload / CompleteMultipartUpload / ListParts / AbortMultipartUpload itself.
 *
 * @uppy/aws-s3 6.x (6.3.1, checked) cannot express that:
 *   - its only options are `signRequest`, `getCredentials` or `companionEndpoint`
 *     (src/index.ts #initS3Client); the S3 client is chosen inside the plugin and cannot be
 *     replaced;
 *   - with `signRequest`, S3mini sends CreateMultipartUpload as a POST to the signed URL and parses
 *     S3's `InitiateMultipartUploadResult` XML from it, and CompleteMultipartUpload POSTs the XML
 *     part list to storage and needs `Location`/`Key` back (src/s3-client/S3mini.ts
 *     createMultipartUpload, completeMultipartUpload): both go to storage directly, which the
 *     service does not sign; `fields` (a POST policy) is honoured only for the single PutObject;
 *   - and one file's parts go one at a time: S3Uploader#uploadRemainingParts is a `for` loop that
 *     `await`s each `uploadPart`, while `limit` is the concurrency of the TaskQueue that wraps whole
 *     files (src/index.ts `#queue.add(() => this.#uploadLocalFile(file))`) — upstream issue 6547,
 *     fix proposed in PR 6568, not released.
 *
 * @uppy/aws-s3 5.x (5.1.0, with @uppy/core 5.2.0, @uppy/dashboard 5.1.1,
 * @uppy/golden-retriever 5.2.1) has exactly the hooks the service's model needs:
 * `getUploadParameters` (returns `{method: 'POST', url, fields}`; HTTPCommunicationQueue
 * #nonMultipartUpload copies `fields` into a FormData in insertion order and sets `file` last),
 * `createMultipartUpload`, `signPart`, `listParts`, `completeMultipartUpload`,
 * `abortMultipartUpload`, and `getChunkSize`. So this dashboard uses 5.x.
 *
 * Parallel parts in 5.x: HTTPCommunicationQueue#uploadFile starts every part at once
 * (`Promise.all(chunks.map((chunk, i) => this.uploadChunk(...)))`), and each request (signature,
 * part PUT, complete) is wrapped by one RateLimitedQueue shared by all files
 * (`requests.wrapPromiseFunction(...)`, part bytes at `priority: Infinity`), whose size is
 * `limit`. So `limit` counts requests, not files: one big file alone uses `limit` connections
 * (6, the browser's HTTP/1.1 per-origin connection count), and parts already in flight are
 * finished before new files' signature requests (priorities) start.
 *
 * Parts are planned by planParts (every part but the last ≥ 5 MiB, ≤ 100 parts) both for
 * `parts_count` and for Uppy's chunking (`getChunkSize`), so Uppy's part n is the service's part n.
 */
import AwsS3, { type AwsBody, type AwsS3Part } from '@uppy/aws-s3'
import Uppy, { type Meta, type UppyFile } from '@uppy/core'
import {
  completeMultipartUpload,
  createMultipartSignature,
  createUploadSignature,
  createVideo,
} from '../../../api/generated/sdk.gen'
import type { Video, VideoMetadata } from '../../../api/generated/types.gen'
import { createCreationQueue } from './creation-queue'
import { MULTIPART_THRESHOLD_BYTES, planParts } from './plan-parts'
import {
  durationProblem,
  fileProblem,
  MAX_FILE_BYTES,
  MIN_FILE_BYTES,
  readVideoDuration,
  type VideoMimeType,
} from './validation'
import { withRetry } from './with-retry'

/** Concurrent requests (signatures, part PUTs, form POSTs) across all files. */
export const REQUEST_LIMIT = 6

export type UploadMeta = Meta & { name: string; type: string; caption?: string }
export type UploadFile = UppyFile<UploadMeta, AwsBody>
export type Uploader = Uppy<UploadMeta, AwsBody>

export type VideoCreation =
  | { state: 'queued' }
  | { state: 'creating' }
  | { state: 'created'; video: Video }
  | { state: 'failed'; message: string }

export interface UploaderOptions {
  channelId: string
  /** Metadata for POST /videos, read when the file's object is stored. */
  metadataFor: (file: UploadFile) => VideoMetadata
  onVideoCreated?: (video: Video, file: UploadFile) => void
  onCreationChange?: (fileId: string, fileName: string, creation: VideoCreation) => void
  /** Creations are held by the service's rate limit until this time (ms); null when they resume. */
  onCreationsHeld?: (until: number | null) => void
  /** A file refused before any byte was sent, with the reason in plain words. */
  onRejected?: (reason: string) => void
  /** Files of at least this size go multipart (tests lower it). */
  multipartThresholdBytes?: number
  readDuration?: (file: Blob) => Promise<number | null>
}

const mimeOf = (file: UploadFile) => file.type as VideoMimeType

export function createUploader(options: UploaderOptions): Uploader {
  const threshold = options.multipartThresholdBytes ?? MULTIPART_THRESHOLD_BYTES
  const readDuration = options.readDuration ?? readVideoDuration
  const durationChecks = new Map<string, Promise<string | null>>()
  // The service presigns every part at once: part URLs by upload id; and each file's ETags already
  // stored (so a paused upload resumes from them: the service has no ListParts, listParts answers
  // from here).
  const partUrls = new Map<string, Map<number, string>>()
  const storedParts = new Map<string, Map<number, string>>()
  // The storage key of each file's object, and the files whose video was asked for (never twice).
  const storageKeys = new Map<string, string>()
  const creations = new Map<string, Promise<void>>()
  const queue = createCreationQueue<
    { file: UploadFile; key: string; report: (c: VideoCreation) => void },
    Video
  >({
    create: ({ file, key, report }) => {
      report({ state: 'creating' })
      // A retry after a lost answer cannot create a second video: the service refuses a storage
      // key that already made one.
      return withRetry(() =>
        createVideo({
          body: { ...options.metadataFor(file), storage_key: key },
          throwOnError: true,
        }).then(({ data }) => data as Video),
      )
    },
    onHeld: (until) => options.onCreationsHeld?.(until),
  })

  const reject = (reason: string) => {
    options.onRejected?.(reason)
    uppy.info(reason, 'error', 8000)
  }

  const uppy: Uploader = new Uppy<UploadMeta, AwsBody>({
    autoProceed: false,
    restrictions: {
      allowedFileTypes: ['.mp4', '.mov', 'video/mp4', 'video/quicktime'],
      minFileSize: MIN_FILE_BYTES,
      maxFileSize: MAX_FILE_BYTES,
    },
    onBeforeFileAdded: (file) => {
      const problem = fileProblem({ name: file.name ?? '', type: file.type, size: file.size })
      if (problem) {
        reject(problem)
        return false
      }
      return true
    },
  })

  uppy.on('restriction-failed', (file, error) => {
    options.onRejected?.(file?.name ? `${file.name}: ${error.message}` : error.message)
  })

  // The duration needs the file's header read, which is asynchronous: it starts when the file is
  // added, and the upload waits for it (preprocessor) so no byte leaves before the verdict.
  uppy.on('file-added', (file) => {
    if (!(file.data instanceof Blob)) return
    const check = readDuration(file.data).then((seconds) => {
      const problem = durationProblem(file.name ?? 'This file', seconds)
      if (problem && uppy.getFile(file.id)) {
        uppy.removeFile(file.id)
        reject(problem)
      }
      return problem
    })
    durationChecks.set(file.id, check)
  })
  uppy.on('file-removed', (file) => durationChecks.delete(file.id))
  uppy.addPreProcessor(async (fileIDs) => {
    await Promise.all(fileIDs.map((id) => durationChecks.get(id)))
  })

  const createFor = (file: UploadFile) => {
    const key = storageKeys.get(file.id)
    if (!key || creations.has(file.id)) return
    const report = (creation: VideoCreation) =>
      options.onCreationChange?.(file.id, file.name ?? '', creation)
    report({ state: 'queued' })
    const creation = queue.enqueue({ file, key, report }).then(
      (video) => {
        report({ state: 'created', video })
        options.onVideoCreated?.(video, file)
      },
      (error: unknown) =>
        report({
          state: 'failed',
          message: error instanceof Error ? error.message : 'The video could not be created.',
        }),
    )
    creations.set(file.id, creation)
  }

  uppy.on('upload-success', (file) => {
    if (file) createFor(file)
  })
  // The batch is complete only once its videos exist.
  uppy.addPostProcessor(async (fileIDs) => {
    await Promise.all(fileIDs.map((id) => creations.get(id)))
  })

  uppy.use(AwsS3<UploadMeta, AwsBody>, {
    limit: REQUEST_LIMIT,
    shouldUseMultipart: (file) => (file.size ?? 0) >= threshold,
    getChunkSize: (file) => planParts(file.size).partSize,

    async getUploadParameters(file, { signal }) {
      const { data } = await withRetry(
        () =>
          createUploadSignature({
            body: {
              filename: file.name ?? 'video.mp4',
              mime_type: mimeOf(file),
              channel_id: options.channelId,
            },
            signal,
            throwOnError: true,
          }),
        { signal },
      )
      storageKeys.set(file.id, data.key)
      // Fields in the documented order (document 1, section 4.3); Uppy appends `file` last.
      return {
        method: 'POST',
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

    async createMultipartUpload(file) {
      const { partsCount } = planParts(file.size ?? 0)
      const { data } = await withRetry(() =>
        createMultipartSignature({
          body: {
            filename: file.name ?? 'video.mp4',
            mime_type: mimeOf(file),
            channel_id: options.channelId,
            parts_count: partsCount,
          },
          throwOnError: true,
        }),
      )
      partUrls.set(
        data.upload_id,
        new Map(data.parts.map((part) => [part.part, part.signature.put_url])),
      )
      storedParts.set(file.id, new Map())
      storageKeys.set(file.id, data.key)
      return { uploadId: data.upload_id, key: data.key }
    },

    signPart(_file, { uploadId, partNumber }) {
      const url = partUrls.get(uploadId)?.get(partNumber)
      if (!url) throw new Error(`No signed address for part ${partNumber}; pick the file again.`)
      return { method: 'PUT', url }
    },

    listParts(file): AwsS3Part[] {
      return [...(storedParts.get(file.id) ?? new Map<number, string>())].map(
        ([PartNumber, ETag]) => ({ PartNumber, ETag }),
      )
    },

    async completeMultipartUpload(_file, { key, uploadId, parts, signal }) {
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
    abortMultipartUpload(file, { uploadId }) {
      if (uploadId) partUrls.delete(uploadId)
      storedParts.delete(file.id)
    },
  })

  uppy.on('s3-multipart:part-uploaded', (file, part) => {
    if (file && part.PartNumber && part.ETag)
      storedParts.get(file.id)?.set(part.PartNumber, part.ETag)
  })

  return uppy
}
