import type { VideoMetadata } from '@/api/generated/types.gen'

// What must outlive a reload or a closed tab, kept in localStorage beside Uppy's own restore
// state (golden-retriever): the service signs a multipart upload's parts only once, so their
// addresses and the ETags of parts already stored are the only way to continue it; and the
// storage key of every stored object with the details entered for it, until its video exists,
// so a video is created for it after a reload, and only once.

export interface MultipartRecord {
  uploadId: string
  key: string
  /** Presigned PUT address by part number. */
  partUrls: Record<number, string>
  /** ETag by part number, for parts storage has accepted. */
  etags: Record<number, string>
}

export interface CreationRecord {
  fileName: string
  key: string
  // The file's details for POST /videos, stored under this name: renaming it would lose the
  // records of uploads in progress when the app is updated.
  metadata: VideoMetadata
  videoId?: string
}

/** A file whose bytes the browser could not give back after a reload. */
export interface MissingFile {
  id: string
  name: string
  size: number | null
  meta: Record<string, unknown>
}

interface JournalState {
  savedAt: number
  multipart: Record<string, MultipartRecord>
  creations: Record<string, CreationRecord>
  missing: Record<string, MissingFile>
}

const maxAgeMs = 24 * 60 * 60 * 1000 // as long as Uppy keeps its own restore state

const emptyState = (): JournalState => ({
  savedAt: Date.now(),
  multipart: {},
  creations: {},
  missing: {},
})

function load(storage: Storage | null, key: string): JournalState {
  try {
    const raw = storage?.getItem(key)
    if (!raw) return emptyState()
    const state = JSON.parse(raw) as JournalState
    if (typeof state.savedAt !== 'number' || Date.now() - state.savedAt > maxAgeMs)
      return emptyState()
    return {
      ...emptyState(),
      ...state,
      missing: state.missing ?? {},
    }
  } catch {
    return emptyState()
  }
}

export function createUploadJournal(
  storage: Storage | null = globalThis.localStorage ?? null,
  key = 'uploads:journal',
) {
  const state = load(storage, key)
  const save = () => {
    state.savedAt = Date.now()
    try {
      storage?.setItem(key, JSON.stringify(state))
    } catch {
      // Storage full or blocked: uploads go on; only the recovery after a reload is lost.
    }
  }

  return {
    multipart: (fileId: string): MultipartRecord | undefined => state.multipart[fileId],
    startMultipart(fileId: string, record: Omit<MultipartRecord, 'etags'>) {
      state.multipart[fileId] = { ...record, etags: {} }
      save()
    },
    /** The ETag of the part at this presigned address, when storage already holds it. */
    storedEtagAt(url: string): string | undefined {
      for (const record of Object.values(state.multipart)) {
        for (const [part, partUrl] of Object.entries(record.partUrls))
          if (partUrl === url) return record.etags[Number(part)]
      }
      return undefined
    },
    partStored(fileId: string, part: number, etag: string) {
      const record = state.multipart[fileId]
      if (!record) return
      record.etags[part] = etag
      save()
    },
    forgetMultipart(fileId: string) {
      if (!(fileId in state.multipart)) return
      delete state.multipart[fileId]
      save()
    },

    creation: (fileId: string): CreationRecord | undefined => state.creations[fileId],
    creations: () => Object.entries(state.creations),
    objectStored(fileId: string, record: CreationRecord) {
      state.creations[fileId] = record
      delete state.multipart[fileId]
      save()
    },
    videoCreated(fileId: string, videoId: string) {
      const record = state.creations[fileId]
      if (!record) return
      record.videoId = videoId
      save()
    },
    forgetCreation(fileId: string) {
      if (!(fileId in state.creations)) return
      delete state.creations[fileId]
      save()
    },

    missing: () => Object.values(state.missing),
    fileMissing(file: MissingFile) {
      state.missing[file.id] = file
      save()
    },
    fileFound(fileId: string): MissingFile | undefined {
      const file = state.missing[fileId]
      if (!file) return undefined
      delete state.missing[fileId]
      save()
      return file
    },
    forgetMissing(fileId: string) {
      if (!(fileId in state.missing)) return
      delete state.missing[fileId]
      save()
    },
  }
}

export type UploadJournal = ReturnType<typeof createUploadJournal>
