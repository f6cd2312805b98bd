import type { VideoEvent } from '../../../src/api/generated/types.gen.ts'

/** What changed in the index: one video, or anything at all (a pass, a product). */
export type IndexChange = { videoId: string } | { everything: true }

/**
 * A change to one video the index applied, for what acts on changes (the rules): a webhook, once
 * the read completing it is done (`key` is its dedup key), or a reconcile's correction that no
 * webhook announced (`sourceAt`: when what it found was true; `created`: the video was new to
 * the index, or in no channel it knew). An event older than the row is one too, heard after the
 * read: what acts on it reads the index, never the old snapshot.
 */
export type VideoNews =
  | { kind: 'webhook'; event: VideoEvent; key: string }
  | { kind: 'reconcile'; videoId: string; sourceAt: number; created: boolean }

/**
 * Word that the index changed, for what keeps answers from it (the home summary, the subtitle
 * checks): a webhook applied, a read completing one, a pass, a write made through the dashboard.
 */
export interface IndexChanges {
  changed(change: IndexChange): void
  /** Calls `listener` on each change from now on; returns what stops it. */
  listen(listener: (change: IndexChange) => void): () => void
  /** Resolves once every listener has taken the news (the rules claimed their runs). */
  heard(news: VideoNews): Promise<void>
  /** Calls `listener` on each video's news from now on; returns what stops it. */
  onNews(listener: (news: VideoNews) => Promise<void> | void): () => void
}

export function createIndexChanges(): IndexChanges {
  const listeners = new Set<(change: IndexChange) => void>()
  const newsListeners = new Set<(news: VideoNews) => Promise<void> | void>()
  return {
    changed(change) {
      for (const listener of listeners) listener(change)
    },
    listen(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async heard(news) {
      await Promise.all([...newsListeners].map((listener) => listener(news)))
    },
    onNews(listener) {
      newsListeners.add(listener)
      return () => newsListeners.delete(listener)
    },
  }
}
