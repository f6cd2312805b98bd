/** What changed in the index: one video, or anything at all (a pass, a product). */
export type IndexChange = { videoId: string } | { everything: true }

/**
 * Word that the index changed, for what keeps answers from it (the home summary, the subtitle
 * checks): a webhook applied, a read completing one, a pass, a write made through the dashboard.
 */
export interface IndexChanges {
  changed(change: IndexChange): void
  /** Calls `listener` on each change from now on; returns what stops it. */
  listen(listener: (change: IndexChange) => void): () => void
}

export function createIndexChanges(): IndexChanges {
  const listeners = new Set<(change: IndexChange) => void>()
  return {
    changed(change) {
      for (const listener of listeners) listener(change)
    },
    listen(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
