// Why @uppy/aws-s3 5 and how an upload loses nothing: docs/decisions/0003 and 0004.
import AwsS3, { type AwsBody } from '@uppy/aws-s3'
import Uppy from '@uppy/core'
import { MULTIPART_THRESHOLD_BYTES } from '@/lib/upload-parts'
import { admissionChecks, checkDurations } from './file-checks'
import { forgetRemovedFiles } from './file-records'
import { restoreAfterReload, restorePickedAgain } from './restore-after-reload'
import { retryFailedFiles } from './retry-schedule'
import { serviceSigning } from './service-signing'
import type { FileDetails, Uploader, UploaderOptions } from './uploader-options'
import { createVideosForStoredObjects } from './video-creation'

export { disposeUploader } from './file-records'
export type { MissingFile } from './upload-journal'
export type { Uploader, UploaderOptions, UploadFile, VideoCreation } from './uploader-options'

/** Concurrent requests (signatures, part PUTs, form POSTs) across all files. */
export const REQUEST_LIMIT = 6

// Uppy with the service's signatures, checks before any byte leaves, automatic retries, one video
// per stored object, and recovery after a reload.
export function createUploader(options: UploaderOptions): Uploader {
  const { journal } = options
  const tell = (message: string) => uppy.info(message, 'error', 8000)
  const uppy: Uploader = new Uppy<FileDetails, AwsBody>({
    id: 'uploads',
    autoProceed: false,
    ...admissionChecks(options, tell),
  })

  restorePickedAgain(uppy, options)
  checkDurations(uppy, options, tell)
  forgetRemovedFiles(uppy, journal)
  createVideosForStoredObjects(uppy, options)
  retryFailedFiles(uppy, options)

  uppy.use(AwsS3<FileDetails, AwsBody>, {
    limit: REQUEST_LIMIT,
    ...serviceSigning({
      journal,
      channelFor: (file) => options.detailsFor(file).channel_id ?? options.channelId,
      multipartThresholdBytes: options.multipartThresholdBytes ?? MULTIPART_THRESHOLD_BYTES,
    }),
  })
  uppy.on('s3-multipart:part-uploaded', (file, part) => {
    if (file && part.PartNumber && part.ETag)
      journal.partStored(file.id, part.PartNumber, part.ETag)
  })

  restoreAfterReload(uppy, options)
  return uppy
}
