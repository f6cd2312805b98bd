import type { AwsBody } from '@uppy/aws-s3'
import type { Uppy } from '@uppy/core'
import type { FileDetails, Uploader, UploaderOptions } from './uploader-options'
import {
  durationProblem,
  fileProblem,
  MAX_FILE_BYTES,
  MIN_FILE_BYTES,
  readVideoDuration,
} from './validation'

// No byte leaves before a file passes: its name, type and size when it is added, its duration
// before its upload starts, and the details it would be created with when Upload is pressed.

/** Shows a refusal in Uppy's Dashboard. */
export type Tell = (message: string) => void

type ConstructorOptions = NonNullable<ConstructorParameters<typeof Uppy<FileDetails, AwsBody>>[0]>
type Checks = Pick<UploaderOptions, 'detailsProblem' | 'onDetailsProblems' | 'onRejected'>

const rejecter = (options: Checks, tell: Tell) => (reason: string) => {
  options.onRejected?.(reason)
  tell(reason)
}

/** The checks Uppy runs when files are added and when their upload is asked for. */
export function admissionChecks(
  options: Checks,
  tell: Tell,
): Pick<ConstructorOptions, 'restrictions' | 'onBeforeUpload' | 'onBeforeFileAdded'> {
  const reject = rejecter(options, tell)
  return {
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
        .map((file) => options.detailsProblem?.(file))
        .filter((problem): problem is string => Boolean(problem))
      options.onDetailsProblems?.(problems)
      if (problems.length === 0) return true
      tell('Nothing was sent: fix the details first.')
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
  }
}

/** Reports Uppy's own refusals, and holds each upload until its file's duration is known. */
export function checkDurations(uppy: Uploader, options: Checks, tell: Tell) {
  const reject = rejecter(options, tell)
  const durationChecks = new Map<string, Promise<string | null>>()

  uppy.on('restriction-failed', (file, error) => {
    // A refusal by onBeforeFileAdded is reported there, with its reason; Uppy's own echo of it is
    // not meant for people.
    if ((error as { isUserFacing?: boolean }).isUserFacing === false) return
    options.onRejected?.(file?.name ? `${file.name}: ${error.message}` : error.message)
  })

  // The duration needs the file's header read, which is asynchronous: it starts when the file is
  // added, and the upload waits for it (preprocessor) so no byte leaves before the verdict.
  uppy.on('file-added', (file) => {
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
  uppy.on('file-removed', (file) => durationChecks.delete(file.id))
  uppy.addPreProcessor(async (fileIDs) => {
    await Promise.all(fileIDs.map((id) => durationChecks.get(id)))
  })
}
