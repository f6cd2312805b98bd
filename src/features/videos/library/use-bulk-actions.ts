import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { Playlist } from '@/api/generated/types.gen'
import type { LibraryVideo } from '@/api/queries/videos'
import { useToast } from '@/components/ui/toast'
import type { LifecycleAction } from '../lifecycle'
import type { BulkTagMode } from './bulk-tagging'

export interface BulkFailure {
  id: string
  caption: string
  reason: string
}

export interface BulkReport {
  title: string
  succeeded: number
  failures: BulkFailure[]
  /** Worth knowing, not failures (a video whose tags changed since the library showed them). */
  notes?: string[]
}

type BulkActions = typeof import('./bulk-actions')

// Every selected video gets its own request and its own outcome: a refusal for one video is
// reported by name and never hides the others' results. The actions' code loads when one is
// first used (bulk-actions.ts).
export function useBulkActions() {
  const queryClient = useQueryClient()
  const toast = useToast()
  const [running, setRunning] = useState<string | null>(null)
  const [report, setReport] = useState<BulkReport | null>(null)
  // The videos whose matching jobs the last "Find products with AI" started, to follow them.
  const [matchingJobs, setMatchingJobs] = useState<string[]>([])

  async function start(kind: string, work: (actions: BulkActions) => Promise<BulkReport>) {
    setRunning(kind)
    setReport(null)
    let next: BulkReport
    try {
      next = await work(await import('./bulk-actions'))
    } catch (error) {
      // The actions' code could not load (the connection dropped): nothing was sent.
      next = {
        title: 'The action did not start',
        succeeded: 0,
        failures: [{ id: '', caption: 'Connection', reason: String(error) }],
      }
    }
    setReport(next)
    setRunning(null)
    const failed = next.failures.length
    toast(
      failed === 0
        ? `${next.title}: ${next.succeeded} done`
        : `${next.title}: ${next.succeeded} done, ${failed} failed`,
      { tone: failed === 0 ? 'success' : 'danger' },
    )
  }

  return {
    findProducts: (videos: LibraryVideo[], autoAccept: boolean) =>
      start('matching', async (actions) => {
        const { report, started } = await actions.findProductsBulk(queryClient, videos, autoAccept)
        setMatchingJobs(started)
        return report
      }),
    matchingJobs,
    dismissMatchingJobs: () => setMatchingJobs([]),
    tagProducts: (
      videos: LibraryVideo[],
      storeId: string,
      productIds: string[],
      mode: BulkTagMode,
    ) =>
      start('tag', (actions) =>
        actions.tagProductsBulk(queryClient, videos, storeId, productIds, mode),
      ),
    running,
    report,
    dismissReport: () => setReport(null),
    run: (action: LifecycleAction, videos: LibraryVideo[]) =>
      start(action, (actions) => actions.runLifecycleBulk(queryClient, action, videos)),
    copyDownloadLinks: (videos: LibraryVideo[]) =>
      start('download', (actions) => actions.copyDownloadLinks(videos)),
    addToPlaylist: (playlist: Playlist, videos: LibraryVideo[], at: 'top' | 'bottom') =>
      start('playlist', (actions) => actions.addToPlaylistBulk(queryClient, playlist, videos, at)),
  }
}
