import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { toServiceError } from '@/api/client'
import { getVideoDownloadUrls } from '@/api/generated/sdk.gen'
import type { Playlist } from '@/api/generated/types.gen'
import { playlistKeys } from '@/api/queries/playlists'
import { type LibraryVideo, videoKeys } from '@/api/queries/videos'
import { useToast } from '@/components/ui/toast'
import { videoTitle } from '@/lib/video-facts'
import { type LifecycleAction, lifecycleLabels, runLifecycle } from '../lifecycle'
import { matchingRefusal, startMatching } from '../matching/start-matching'
import { addToPlaylist } from './add-to-playlist'
import { type BulkTagMode, tagVideos } from './bulk-tagging'

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

const downloadBatch = 50

async function inPool<Item>(items: Item[], size: number, work: (item: Item) => Promise<void>) {
  const queue = [...items]
  await Promise.all(
    Array.from({ length: Math.min(size, queue.length) }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item)
    }),
  )
}

// Every selected video gets its own request and its own outcome: a refusal for one video is
// reported by name and never hides the others' results.
export function useBulkActions() {
  const queryClient = useQueryClient()
  const toast = useToast()
  const [running, setRunning] = useState<string | null>(null)
  const [report, setReport] = useState<BulkReport | null>(null)
  // The videos whose matching jobs the last "Find products with AI" started, to follow them.
  const [matchingJobs, setMatchingJobs] = useState<string[]>([])

  const finish = (next: BulkReport) => {
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

  async function run(action: LifecycleAction, videos: LibraryVideo[]) {
    setRunning(action)
    setReport(null)
    const failures: BulkFailure[] = []
    let succeeded = 0
    await inPool(videos, 4, async (video) => {
      try {
        const updated = await runLifecycle(action, video.id)
        if (updated) queryClient.setQueryData(videoKeys.detail(video.id), updated)
        else queryClient.removeQueries({ queryKey: videoKeys.detail(video.id) })
        succeeded++
      } catch (error) {
        failures.push({
          id: video.id,
          caption: videoTitle(video),
          reason: toServiceError(error).message,
        })
      }
    })
    await queryClient.invalidateQueries({ queryKey: videoKeys.lists() })
    finish({
      title: `${lifecycleLabels[action].verb} ${videos.length} videos`,
      succeeded,
      failures,
    })
  }

  // The batch endpoint takes at most 50 ids and fails whole if any is refused, so a refused batch
  // reports each of its videos.
  async function copyDownloadLinks(videos: LibraryVideo[]) {
    setRunning('download')
    setReport(null)
    const links: string[] = []
    const failures: BulkFailure[] = []
    const byId = new Map(videos.map((video) => [video.id, video]))
    for (let start = 0; start < videos.length; start += downloadBatch) {
      const batch = videos.slice(start, start + downloadBatch)
      try {
        const response = await getVideoDownloadUrls({
          body: { video_ids: batch.map((v) => v.id) },
          throwOnError: true,
        })
        for (const item of response.data.videos) {
          if (item.download_url) links.push(item.download_url)
          else
            failures.push({
              id: item.id,
              caption: videoTitle(byId.get(item.id) ?? {}),
              reason: 'No downloadable file yet (still processing or failed)',
            })
        }
      } catch (error) {
        const serviceError = toServiceError(error)
        const reason =
          serviceError.status === 402
            ? 'Your subscription does not include downloads'
            : serviceError.message
        for (const video of batch)
          failures.push({ id: video.id, caption: videoTitle(video), reason })
      }
    }
    if (links.length > 0) {
      try {
        await navigator.clipboard.writeText(links.join('\n'))
      } catch {
        failures.push({
          id: '',
          caption: 'Clipboard',
          reason: 'The browser refused clipboard access; allow it and retry',
        })
      }
    }
    finish({ title: 'Copy download links', succeeded: links.length, failures })
  }

  async function addTo(playlist: Playlist, videos: LibraryVideo[], at: 'top' | 'bottom') {
    setRunning('playlist')
    setReport(null)
    const { stored, succeeded, failures } = await addToPlaylist(playlist.id, videos, at)
    if (stored) queryClient.setQueryData(playlistKeys.detail(playlist.id), stored)
    void queryClient.invalidateQueries({ queryKey: playlistKeys.publicVideosOf(playlist.id) })
    await queryClient.invalidateQueries({ queryKey: playlistKeys.lists() })
    finish({ title: `Add to “${playlist.name}”`, succeeded, failures })
  }

  async function tagProducts(
    videos: LibraryVideo[],
    storeId: string,
    productIds: string[],
    mode: BulkTagMode,
  ) {
    setRunning('tag')
    setReport(null)
    const outcome = await tagVideos(videos, storeId, productIds, mode)
    for (const video of outcome.saved) queryClient.setQueryData(videoKeys.detail(video.id), video)
    await queryClient.invalidateQueries({ queryKey: videoKeys.lists() })
    finish({
      title: mode === 'add' ? 'Add product tags' : 'Replace product tags',
      succeeded: outcome.saved.length,
      failures: outcome.failures,
      notes: outcome.changedSinceRead.map(
        (caption) =>
          `${caption}: its tags had changed since the library showed them; the new products were added to its current tags.`,
      ),
    })
  }

  async function findProducts(videos: LibraryVideo[], autoAccept: boolean) {
    setRunning('matching')
    setReport(null)
    const failures: BulkFailure[] = []
    const started: string[] = []
    await inPool(videos, 4, async (video) => {
      try {
        const list = await startMatching(video.id, autoAccept)
        queryClient.setQueryData(videoKeys.matches(video.id), list)
        started.push(video.id)
      } catch (error) {
        failures.push({
          id: video.id,
          caption: videoTitle(video),
          reason: matchingRefusal(error),
        })
      }
    })
    void queryClient.invalidateQueries({ queryKey: videoKeys.reviewQueues() })
    setMatchingJobs(started)
    finish({
      title: 'Find products with AI',
      succeeded: started.length,
      failures,
      notes: started.length
        ? [
            autoAccept
              ? 'What each job finds is accepted and tagged on its video when the job completes.'
              : 'Each job’s suggestions wait in AI matches for review once it completes.',
          ]
        : [],
    })
  }

  return {
    findProducts,
    matchingJobs,
    dismissMatchingJobs: () => setMatchingJobs([]),
    tagProducts,
    running,
    report,
    dismissReport: () => setReport(null),
    run,
    copyDownloadLinks,
    addToPlaylist: addTo,
  }
}
