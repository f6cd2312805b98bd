import GoldenRetriever from '@uppy/golden-retriever'
import { MULTIPART_THRESHOLD_BYTES } from '@/lib/upload-parts'
import { removeKeepingRecords } from './file-records'
import type { FileDetails, Uploader, UploaderOptions } from './uploader-options'

/** Files up to this size are kept in IndexedDB and come back by themselves after a reload. */
export const RESTORABLE_FILE_BYTES = MULTIPART_THRESHOLD_BYTES

type RestoreOptions = Pick<UploaderOptions, 'journal' | 'onMissingFiles' | 'onResumed'>

/** A file picked again after a reload gets its details back, and leaves the missing list. */
export function restorePickedAgain(uppy: Uploader, { journal, onMissingFiles }: RestoreOptions) {
  uppy.on('file-added', (file) => {
    const found = journal.fileFound(file.id)
    if (!found) return
    uppy.setFileMeta(file.id, found.meta as FileDetails)
    onMissingFiles?.(journal.missing())
  })
}

// Golden-retriever brings back Uppy's files; files whose bytes it could not keep ("ghosts") are
// taken out of the batch and listed to be picked again, so the rest resume at once by themselves.
export function restoreAfterReload(
  uppy: Uploader,
  { journal, onMissingFiles, onResumed }: RestoreOptions,
) {
  // The IndexedDB store's limits are options its type does not list (IndexedDBStore.js).
  const indexedDB = { maxFileSize: RESTORABLE_FILE_BYTES, maxTotalSize: 10 * RESTORABLE_FILE_BYTES }
  uppy.use(GoldenRetriever, { indexedDB: indexedDB as { name?: string } })
  uppy.once('restored', () => {
    const ghosts = uppy.getFiles().filter((file) => file.isGhost)
    for (const file of ghosts)
      journal.fileMissing({ id: file.id, name: file.name ?? '', size: file.size, meta: file.meta })
    if (ghosts.length) {
      removeKeepingRecords(
        uppy,
        ghosts.map((file) => file.id),
      )
    }
    onMissingFiles?.(journal.missing())
    const { currentUploads } = uppy.getState()
    const resumable = uppy
      .getFiles()
      .filter((file) => !file.progress.uploadComplete && file.progress.uploadStarted)
    if (Object.keys(currentUploads).length > 0 && resumable.length > 0) {
      onResumed?.(resumable.map((file) => file.name ?? ''))
      uppy.emit('restore-confirmed')
    } else {
      uppy.setState({ recoveredState: null })
    }
  })
}
