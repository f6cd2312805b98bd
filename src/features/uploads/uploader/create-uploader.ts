// Why @uppy/aws-s3 5 and how an upload loses nothing: docs/decisions/0003 and 0004.
import AwsS3, { type AwsBody, type AwsS3Part } from '@uppy/aws-s3'
import Uppy, { type Meta, type UppyFile } from '@uppy/core'
import GoldenRetriever from '@uppy/golden-retriever'
import { ServiceError } from '../../../api/client'
import {
  completeMultipartUpload,
  createMultipartSignature,
  createUploadSignature,
  createVideo,
  getVideo,
} from '../../../api/generated/sdk.gen'
import type { Video, VideoMetadata } from '../../../api/generated/types.gen'
import { createProgressBatcher } from './batched-progress'
import { createCreationQueue } from './creation-queue'
import { presignedUrlExpiry } from './part-url-expiry'
import { MULTIPART_THRESHOLD_BYTES, planParts } from './plan-parts'
import { failureKind, fileRetryDelay, SignatureExpiredError } from './upload-failure'
import type { MissingFile, UploadJournal } from './upload-journal'
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

/** Files up to this size are kept in IndexedDB and come back by themselves after a reload. */
export const RESTORABLE_FILE_BYTES = MULTIPART_THRESHOLD_BYTES

// A part address must outlive the request that uses it; one closer to its expiry than this is
// treated as expired.
const expiryMarginMs = 60_000

export type UploadMeta = Meta & { name: string; type: string; caption?: string }
export type UploadFile = UppyFile<UploadMeta, AwsBody>
export type Uploader = Uppy<UploadMeta, AwsBody>
export type { MissingFile }

export type VideoCreation =
  | { state: 'queued' }
  | { state: 'creating' }
  | { state: 'created'; video: Video }
  | { state: 'failed'; message: string }

export interface UploaderOptions {
  /** The channel for signatures when a file's metadata names none. */
  channelId: string
  /** Metadata for the signatures (channel) and for POST /videos, read when the object is stored. */
  metadataFor: (file: UploadFile) => VideoMetadata
  /** Why a file's metadata cannot be sent (checked before any byte leaves), or null. */
  metadataProblem?: (file: UploadFile) => string | null
  onVideoCreated?: (video: Video, fileName: string) => void
  onCreationChange?: (fileId: string, fileName: string, creation: VideoCreation) => void
  /** Creations are held by the service's rate limit until this time (ms); null when they resume. */
  onCreationsHeld?: (until: number | null) => void
  /** A file refused before any byte was sent, with the reason in plain words. */
  onRejected?: (reason: string) => void
  /** Files held back because their details would be refused (empty when an upload starts). */
  onDetailsProblems?: (problems: string[]) => void
  /** After a reload: files whose bytes must be picked again (empty when none are missing). */
  onMissingFiles?: (files: MissingFile[]) => void
  /** After a reload: the files whose uploads resumed by themselves. */
  onResumed?: (fileNames: string[]) => void
  /** A failed file will be tried again at this time (ms), with the reason it failed. */
  onRetryScheduled?: (fileId: string, fileName: string, at: number, reason: string) => void
  /** Files of at least this size go multipart (tests lower it). */
  multipartThresholdBytes?: number
  /** Where multipart uploads and stored objects are kept over a reload. */
  journal: UploadJournal
}

const mimeOf = (file: UploadFile) => file.type as VideoMimeType

const usedKeyVideo = (error: unknown) =>
  error instanceof ServiceError && error.status === 422
    ? /already used by video (\S+)/.exec(error.message)?.[1]
    : undefined

export function createUploader(options: UploaderOptions): Uploader {
  const threshold = options.multipartThresholdBytes ?? MULTIPART_THRESHOLD_BYTES
  const { journal } = options
  const durationChecks = new Map<string, Promise<string | null>>()
  const progress = createProgressBatcher()
  const retries = new Map<string, { attempt: number; timer?: ReturnType<typeof setTimeout> }>()
  const creations = new Map<string, Promise<void>>()

  const queue = createCreationQueue<
    { fileId: string; fileName: string; key: string; metadata: VideoMetadata },
    Video
  >({
    create: ({ fileId, fileName, key, metadata }) => {
      options.onCreationChange?.(fileId, fileName, { state: 'creating' })
      return withRetry(() =>
        createVideo({ body: { ...metadata, storage_key: key }, throwOnError: true }).then(
          ({ data }) => data as Video,
          async (error: unknown) => {
            // The first answer was lost (reload, network): the video exists already.
            const existing = usedKeyVideo(error)
            if (!existing) throw error
            const { data } = await getVideo({ path: { video_id: existing }, throwOnError: true })
            return data as Video
          },
        ),
      )
    },
    onHeld: (until) => options.onCreationsHeld?.(until),
  })

  const createFor = (fileId: string) => {
    const record = journal.creation(fileId)
    if (!record || record.videoId || creations.has(fileId)) return
    const report = (creation: VideoCreation) =>
      options.onCreationChange?.(fileId, record.fileName, creation)
    report({ state: 'queued' })
    const creation = queue.enqueue({ fileId, ...record }).then(
      (video) => {
        journal.videoCreated(fileId, video.id)
        report({ state: 'created', video })
        options.onVideoCreated?.(video, record.fileName)
      },
      (error: unknown) =>
        report({
          state: 'failed',
          message: error instanceof Error ? error.message : 'The video could not be created.',
        }),
    )
    creations.set(fileId, creation)
  }

  const reject = (reason: string) => {
    options.onRejected?.(reason)
    uppy.info(reason, 'error', 8000)
  }

  const uppy: Uploader = new Uppy<UploadMeta, AwsBody>({
    id: 'uploads',
    autoProceed: false,
    restrictions: {
      allowedFileTypes: ['.mp4', '.mov', 'video/mp4', 'video/quicktime'],
      minFileSize: MIN_FILE_BYTES,
      maxFileSize: MAX_FILE_BYTES,
    },
    // Nothing is sent with details the service would refuse. Refused here, before the upload
    // exists, the files stay ready and the Upload button stays: fixing the details is enough.
    onBeforeUpload: (files) => {
      const problems = Object.values(files)
        .filter((file) => !file.progress.uploadStarted)
        .map((file) => options.metadataProblem?.(file))
        .filter((problem): problem is string => Boolean(problem))
      options.onDetailsProblems?.(problems)
      if (problems.length === 0) return true
      uppy.info('Nothing was sent: fix the details first.', 'error', 8000)
      return false
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
    // A refusal by onBeforeFileAdded is reported there, with its reason; Uppy's own echo of it is
    // not meant for people.
    if ((error as { isUserFacing?: boolean }).isUserFacing === false) return
    options.onRejected?.(file?.name ? `${file.name}: ${error.message}` : error.message)
  })

  // The duration needs the file's header read, which is asynchronous: it starts when the file is
  // added, and the upload waits for it (preprocessor) so no byte leaves before the verdict.
  uppy.on('file-added', (file) => {
    const found = journal.fileFound(file.id)
    if (found) {
      // A file picked again after a reload gets its details back.
      uppy.setFileMeta(file.id, found.meta as UploadMeta)
      options.onMissingFiles?.(journal.missing())
    }
    if (!(file.data instanceof Blob)) return
    const check = readVideoDuration(file.data).then((seconds) => {
      const problem = durationProblem(file.name ?? 'This file', seconds)
      if (problem && uppy.getFile(file.id)) {
        uppy.removeFile(file.id)
        reject(problem)
      }
      return problem
    })
    durationChecks.set(file.id, check)
  })
  uppy.on('file-removed', (file) => {
    durationChecks.delete(file.id)
    if (!keepingRecords.has(uppy)) {
      journal.forgetMultipart(file.id)
      if (journal.creation(file.id)?.videoId) journal.forgetCreation(file.id)
    }
    const retry = retries.get(file.id)
    if (retry?.timer) clearTimeout(retry.timer)
    retries.delete(file.id)
  })
  uppy.addPreProcessor(async (fileIDs) => {
    await Promise.all(fileIDs.map((id) => durationChecks.get(id)))
  })

  uppy.on('upload-success', (file, response) => {
    if (!file) return
    const key =
      response.body?.key ??
      (file as { s3Multipart?: { key?: string } }).s3Multipart?.key ??
      journal.multipart(file.id)?.key
    if (!key) return
    retries.delete(file.id)
    // Uppy reports restored, finished files again after a reload: their record stands.
    if (journal.creation(file.id)?.key === key) return createFor(file.id)
    journal.objectStored(file.id, {
      fileName: file.name ?? '',
      key,
      metadata: options.metadataFor(file),
    })
    createFor(file.id)
  })
  // The batch is complete only once its videos exist.
  uppy.addPostProcessor(async (fileIDs) => {
    await Promise.all(fileIDs.map((id) => creations.get(id)))
  })

  uppy.on('upload-error', (file, error) => {
    if (!file || !uppy.getFile(file.id)) return
    const kind = failureKind(error)
    if (kind === 'final' || kind === 'aborted') return
    if (kind === 'expired') {
      journal.forgetMultipart(file.id)
      // Uppy would otherwise resume the expired upload from the file's state.
      uppy.setFileState(file.id, { s3Multipart: undefined } as Partial<UploadFile>)
    }
    const retry = retries.get(file.id) ?? { attempt: 0 }
    const delay = kind === 'expired' ? 0 : fileRetryDelay(retry.attempt)
    retry.attempt += 1
    const run = () => {
      retry.timer = undefined
      if (uppy.getFile(file.id)?.error) void uppy.retryUpload(file.id)
    }
    options.onRetryScheduled?.(
      file.id,
      file.name ?? '',
      Date.now() + delay,
      kind === 'expired' ? 'the storage signature expired' : 'the connection failed',
    )
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      window.addEventListener('online', run, { once: true })
    } else {
      retry.timer = setTimeout(run, delay)
    }
    retries.set(file.id, retry)
  })

  const signatureChannel = (file: UploadFile) =>
    options.metadataFor(file).channel_id ?? options.channelId

  uppy.use(AwsS3<UploadMeta, AwsBody>, {
    limit: REQUEST_LIMIT,
    shouldUseMultipart: (file) => (file.size ?? 0) >= threshold,
    getChunkSize: (file) => planParts(file.size).partSize,

    async uploadPartBytes(request) {
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

    async getUploadParameters(file, { signal }) {
      const { data } = await withRetry(
        () =>
          createUploadSignature({
            body: {
              filename: file.name ?? 'video.mp4',
              mime_type: mimeOf(file),
              channel_id: signatureChannel(file),
            },
            signal,
            throwOnError: true,
          }),
        { signal },
      )
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
      // A file retried after a failure continues the upload it started, while its addresses last.
      const existing = journal.multipart(file.id)
      if (existing && !expired(existing.partUrls)) {
        return { uploadId: existing.uploadId, key: existing.key }
      }
      const { partsCount } = planParts(file.size ?? 0)
      const { data } = await withRetry(() =>
        createMultipartSignature({
          body: {
            filename: file.name ?? 'video.mp4',
            mime_type: mimeOf(file),
            channel_id: signatureChannel(file),
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

    signPart(file, { uploadId, partNumber }) {
      const record = journal.multipart(file.id)
      const url = record?.uploadId === uploadId ? record.partUrls[partNumber] : undefined
      if (!url) throw new SignatureExpiredError()
      return { method: 'PUT', url }
    },

    // Asked when an upload resumes (after a pause or a reload): the service has no ListParts, so
    // the journal answers; addresses that expired meanwhile mean a new upload.
    listParts(file, { uploadId }): AwsS3Part[] {
      const record = journal.multipart(file.id)
      if (!record || record.uploadId !== uploadId || expired(record.partUrls))
        throw new SignatureExpiredError()
      return Object.entries(record.etags).map(([part, ETag]) => ({
        PartNumber: Number(part),
        ETag,
      }))
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
    // Its record stays in the journal so a retry continues it; removing the file forgets it.
    abortMultipartUpload() {},
  })

  uppy.on('s3-multipart:part-uploaded', (file, part) => {
    if (file && part.PartNumber && part.ETag)
      journal.partStored(file.id, part.PartNumber, part.ETag)
  })

  for (const [fileId] of journal.creations()) queueMicrotask(() => createFor(fileId))

  restoreAfterReload(uppy, options)
  return uppy
}

// Uploaders whose files are being removed by the dashboard itself (on leaving the screen, or
// ghosts after a reload): the files' records stay in the journal for the next uploader or for
// the same file picked again.
const keepingRecords = new WeakSet<Uploader>()

/**
 * Ends an uploader when its screen goes away, keeping what a later one needs to resume: Uppy
 * cancels every upload on destroy, which must reach neither golden-retriever's saved state nor
 * the journal.
 */
export function disposeUploader(uppy: Uploader) {
  keepingRecords.add(uppy)
  const retriever = uppy.getPlugin('GoldenRetriever')
  if (retriever) uppy.removePlugin(retriever)
  uppy.destroy()
}

function expired(partUrls: Record<number, string>) {
  const first = Object.values(partUrls)[0]
  const expiry = first ? presignedUrlExpiry(first) : null
  return expiry !== null && expiry - expiryMarginMs <= Date.now()
}

// Golden-retriever brings back Uppy's files; files whose bytes it could not keep ("ghosts") are
// taken out of the batch and listed to be picked again, so the rest resume at once by themselves.
function restoreAfterReload(uppy: Uploader, { journal, ...options }: UploaderOptions) {
  // The IndexedDB store's limits are options its type does not list (IndexedDBStore.js).
  const indexedDB = { maxFileSize: RESTORABLE_FILE_BYTES, maxTotalSize: 10 * RESTORABLE_FILE_BYTES }
  uppy.use(GoldenRetriever, { indexedDB: indexedDB as { name?: string } })
  uppy.once('restored', () => {
    const ghosts = uppy.getFiles().filter((file) => file.isGhost)
    for (const file of ghosts)
      journal.fileMissing({ id: file.id, name: file.name ?? '', size: file.size, meta: file.meta })
    if (ghosts.length) {
      keepingRecords.add(uppy)
      uppy.removeFiles(ghosts.map((file) => file.id))
      keepingRecords.delete(uppy)
    }
    options.onMissingFiles?.(journal.missing())
    const { currentUploads } = uppy.getState()
    const resumable = uppy
      .getFiles()
      .filter((file) => !file.progress.uploadComplete && file.progress.uploadStarted)
    if (Object.keys(currentUploads).length > 0 && resumable.length > 0) {
      options.onResumed?.(resumable.map((file) => file.name ?? ''))
      uppy.emit('restore-confirmed')
    } else {
      uppy.setState({ recoveredState: null })
    }
  })
}
