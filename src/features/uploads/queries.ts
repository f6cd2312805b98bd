import { queryOptions } from '@tanstack/react-query'
import { ServiceError } from '@/api/client'
import { getVideo, getVideoImport } from '@/api/generated/sdk.gen'
import type { VideoImport } from '@/api/generated/types.gen'
import { fullVideo } from '@/api/video-fields'

export const importKeys = {
  all: ['imports'] as const,
  details: () => [...importKeys.all, 'detail'] as const,
  detail: (id: string) => [...importKeys.details(), id] as const,
  // The video an import made, under its import so dismissing the import drops it too.
  video: (id: string) => [...importKeys.detail(id), 'video'] as const,
}

export const isImportFinished = (job: VideoImport | undefined) =>
  job?.status === 'completed' || job?.status === 'errored'

/** The service refused to tell (404, 403): asking again will not change that. */
export const isImportGone = (error: unknown) =>
  error instanceof ServiceError && error.status >= 400 && error.status < 500

export const importQuery = (id: string, pollMs: number | false) =>
  queryOptions({
    queryKey: importKeys.detail(id),
    queryFn: ({ signal }) =>
      getVideoImport({ path: { import_id: id }, signal, throwOnError: true }).then(
        (response) => response.data,
      ),
    // Polled until the job ends; while live updates are up, the events (video_import_failed,
    // video_created) read it again (use-import-live-updates.ts) and the poll is only a safety net.
    refetchInterval: (query) =>
      isImportFinished(query.state.data) || isImportGone(query.state.error) ? false : pollMs,
    staleTime: (query) => (isImportFinished(query.state.data) ? Number.POSITIVE_INFINITY : 0),
  })

export const importedVideoQuery = (importId: string, videoId: string) =>
  queryOptions({
    queryKey: importKeys.video(importId),
    queryFn: ({ signal }) =>
      getVideo({ path: { video_id: videoId }, signal, throwOnError: true }).then((response) =>
        fullVideo(response.data),
      ),
    staleTime: Number.POSITIVE_INFINITY,
  })
