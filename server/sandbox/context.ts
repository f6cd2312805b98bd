import type { SandboxConfig } from './config.ts'
import type { Db } from './db/open.ts'
import type { IdSource } from './ids.ts'
import type { CreationRate } from './rules/creation-rate.ts'
import type { VideoSearchIndex } from './search/video-search-index.ts'
import type { Storage } from './storage/storage-client.ts'

export type VideoEventType = 'video_created' | 'video_updated'

export interface Events {
  videoEvent(videoId: number, type: VideoEventType): void
  importFailed(importId: number): void
}

export interface Workers {
  pokeProcessing(): void
  pokeImports(): void
  pokeMatching(): void
}

// Everything a route needs, built once by startSandbox. publicUrl is known only after listening,
// so it is read through a function.
export interface Sandbox {
  db: Db
  ids: IdSource
  storage: Storage
  config: SandboxConfig
  publicUrl(): string
  events: Events
  workers: Workers
  creationRate: CreationRate
  videoIndex: VideoSearchIndex
}
