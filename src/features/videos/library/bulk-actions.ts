import type { QueryClient } from '@tanstack/react-query'
import { toServiceError } from '@/api/client'
import { getVideoDownloadUrls } from '@/api/generated/sdk.gen'
import type { Playlist } from '@/api/generated/types.gen'
import { playlistKeys } from '@/api/queries/playlists'
import { reviewKeys } from '@/api/queries/review-keys'
import { type LibraryVideo, videoKeys } from '@/api/queries/videos'
import { videoTitle } from '@/lib/video-facts'
import { type LifecycleAction, lifecycleLabels, runLifecycle } from '../lifecycle'
import { matchingRefusal, startMatching } from '../matching/start-matching'
import { addToPlaylist } from './add-to-playlist'
import { type BulkTagMode, tagVideos } from './bulk-tagging'
import type { BulkFailure, BulkReport } from './use-bulk-actions'

// The library's bulk actions, loaded when one is first used (the selection's bar is too): the
// first screen's code carries only their state (use-bulk-actions.ts).

const downloadBatch = 50

async function inPool<Item>(items: Item[], size: number, work: (item: Item) => Promise<void>) {
  const queue = [...items]
  await Promise.all(
    Array.from({ length: Math.min(size, queue.length) }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item)
    }),
  )
}

export async function runLifecycleBulk(
  queryClient: QueryClient,
  action: LifecycleAction,
  videos: LibraryVideo[],
): Promise<BulkReport> {
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
  return { title: `${lifecycleLabels[action].verb} ${videos.length} videos`, succeeded, failures }
}

// The batch endpoint takes at most 50 ids and fails whole if any is refused, so a refused batch
// reports each of its videos.
export async function copyDownloadLinks(videos: LibraryVideo[]): Promise<BulkReport> {
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
      for (const video of batch) failures.push({ id: video.id, caption: videoTitle(video), reason })
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
  return { title: 'Copy download links', succeeded: links.length, failures }
}

export async function addToPlaylistBulk(
  queryClient: QueryClient,
  playlist: Playlist,
  videos: LibraryVideo[],
  at: 'top' | 'bottom',
): Promise<BulkReport> {
  const { stored, succeeded, failures } = await addToPlaylist(playlist.id, videos, at)
  if (stored) queryClient.setQueryData(playlistKeys.detail(playlist.id), stored)
  void queryClient.invalidateQueries({ queryKey: playlistKeys.publicVideosOf(playlist.id) })
  await queryClient.invalidateQueries({ queryKey: playlistKeys.lists() })
  return { title: `Add to “${playlist.name}”`, succeeded, failures }
}

export async function tagProductsBulk(
  queryClient: QueryClient,
  videos: LibraryVideo[],
  storeId: string,
  productIds: string[],
  mode: BulkTagMode,
): Promise<BulkReport> {
  const outcome = await tagVideos(videos, storeId, productIds, mode)
  for (const video of outcome.saved) queryClient.setQueryData(videoKeys.detail(video.id), video)
  await queryClient.invalidateQueries({ queryKey: videoKeys.lists() })
  return {
    title: mode === 'add' ? 'Add product tags' : 'Replace product tags',
    succeeded: outcome.saved.length,
    failures: outcome.failures,
    notes: outcome.changedSinceRead.map(
      (caption) =>
        `${caption}: its tags had changed since the library showed them; the new products were added to its current tags.`,
    ),
  }
}

export async function findProductsBulk(
  queryClient: QueryClient,
  videos: LibraryVideo[],
  autoAccept: boolean,
): Promise<{ report: BulkReport; started: string[] }> {
  const failures: BulkFailure[] = []
  const started: string[] = []
  await inPool(videos, 4, async (video) => {
    try {
      const list = await startMatching(video.id, autoAccept)
      queryClient.setQueryData(videoKeys.matches(video.id), list)
      started.push(video.id)
    } catch (error) {
      failures.push({ id: video.id, caption: videoTitle(video), reason: matchingRefusal(error) })
    }
  })
  void queryClient.invalidateQueries({ queryKey: reviewKeys.queues() })
  return {
    started,
    report: {
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
    },
  }
}
