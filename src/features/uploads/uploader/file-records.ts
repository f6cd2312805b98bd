import type { UploadJournal } from './upload-journal'
import type { Uploader } from './uploader-options'

// A file the marketer removes takes its records out of the journal. Files the dashboard removes
// itself (on leaving the screen, or ghosts after a reload) keep them, for the next uploader or for
// the same file picked again.

const keepingRecords = new WeakSet<Uploader>()

export function forgetRemovedFiles(uppy: Uploader, journal: UploadJournal) {
  uppy.on('file-removed', (file) => {
    if (keepingRecords.has(uppy)) return
    journal.forgetMultipart(file.id)
    if (journal.creation(file.id)?.videoId) journal.forgetCreation(file.id)
  })
}

/** Removes files from the uploader, keeping their records in the journal. */
export function removeKeepingRecords(uppy: Uploader, fileIds: string[]) {
  keepingRecords.add(uppy)
  uppy.removeFiles(fileIds)
  keepingRecords.delete(uppy)
}

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
