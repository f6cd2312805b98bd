import { failureKind, fileRetryDelay } from './upload-failure'
import type { Uploader, UploaderOptions, UploadFile } from './uploader-options'

// A file that still fails after Uppy's own retries is tried again by itself: at once when its
// signatures expired (the file then starts over with new ones), after 2, 5, 10 and 30 s and then
// every 60 s when the connection failed, and as soon as the browser is back online when it is not.

export interface RetryScheduleOptions {
  /** Tries the file again: its wait is over, or the browser is back online. */
  retry: (fileId: string) => void
  /** The file will be tried again at this time (ms), for this reason (shown as a countdown). */
  onScheduled?: (fileId: string, fileName: string, at: number, reason: string) => void
}

export function createRetrySchedule({ retry, onScheduled }: RetryScheduleOptions) {
  const retries = new Map<string, { attempt: number; cancel?: () => void }>()
  return {
    failed(file: { id: string; name: string }, kind: 'expired' | 'transient') {
      const entry = retries.get(file.id) ?? { attempt: 0 }
      const delay = kind === 'expired' ? 0 : fileRetryDelay(entry.attempt)
      entry.attempt += 1
      const run = () => {
        entry.cancel = undefined
        retry(file.id)
      }
      onScheduled?.(
        file.id,
        file.name,
        Date.now() + delay,
        kind === 'expired' ? 'the storage signature expired' : 'the connection failed',
      )
      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        window.addEventListener('online', run, { once: true })
        entry.cancel = () => window.removeEventListener('online', run)
      } else {
        const timer = setTimeout(run, delay)
        entry.cancel = () => clearTimeout(timer)
      }
      retries.set(file.id, entry)
    },
    /** The file got through: a later failure waits 2 s again. */
    succeeded(fileId: string) {
      retries.delete(fileId)
    },
    /** The file was removed: it is not tried again. */
    cancel(fileId: string) {
      retries.get(fileId)?.cancel?.()
      retries.delete(fileId)
    },
  }
}

export function retryFailedFiles(
  uppy: Uploader,
  { journal, onRetryScheduled }: Pick<UploaderOptions, 'journal' | 'onRetryScheduled'>,
) {
  const schedule = createRetrySchedule({
    retry: (fileId) => {
      if (uppy.getFile(fileId)?.error) void uppy.retryUpload(fileId)
    },
    onScheduled: onRetryScheduled,
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
    schedule.failed({ id: file.id, name: file.name ?? '' }, kind)
  })
  uppy.on('upload-success', (file) => {
    if (file) schedule.succeeded(file.id)
  })
  uppy.on('file-removed', (file) => schedule.cancel(file.id))
}
