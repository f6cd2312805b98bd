import type { AwsBody } from '@uppy/aws-s3'
import type { Meta, Uppy, UppyFile } from '@uppy/core'
import type { Video, VideoMetadata } from '@/api/generated/types.gen'
import type { MissingFile, UploadJournal } from './upload-journal'

/** A file's details as Uppy keeps them (its meta): name, type and the file editor's entries. */
export type FileDetails = Meta & { name: string; type: string; caption?: string }
export type UploadFile = UppyFile<FileDetails, AwsBody>
export type Uploader = Uppy<FileDetails, AwsBody>

export type VideoCreation =
  | { state: 'queued' }
  | { state: 'creating' }
  | { state: 'created'; video: Video }
  | { state: 'failed'; message: string }

export interface UploaderOptions {
  /** The channel for signatures when a file's details name none. */
  channelId: string
  /** Details for the signatures (channel) and for POST /videos, read when the object is stored. */
  detailsFor: (file: UploadFile) => VideoMetadata
  /** Why a file's details cannot be sent (checked before any byte leaves), or null. */
  detailsProblem?: (file: UploadFile) => string | null
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
