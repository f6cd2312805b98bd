// Background imports outlive the page: their job ids (and the address, to name them) are kept in
// localStorage per channel, so after a reload they are shown and polled again until dismissed.

export interface TrackedImport {
  id: string
  url: string
  /** onVideoCreated was already called for this import's video (never twice, even after reloads). */
  videoReported?: boolean
}

const storageKey = (channelId: string) => `uploads:url-imports:${channelId}`

const isTrackedImport = (value: unknown): value is TrackedImport =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TrackedImport).id === 'string' &&
  typeof (value as TrackedImport).url === 'string'

export function readTrackedImports(channelId: string): TrackedImport[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(storageKey(channelId)) ?? '[]')
    return Array.isArray(stored) ? stored.filter(isTrackedImport) : []
  } catch {
    return []
  }
}

export function writeTrackedImports(channelId: string, imports: TrackedImport[]) {
  try {
    if (imports.length === 0) window.localStorage.removeItem(storageKey(channelId))
    else window.localStorage.setItem(storageKey(channelId), JSON.stringify(imports))
  } catch {
    // Storage full or disabled: the imports are still followed until the page is left.
  }
}
