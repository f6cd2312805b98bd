import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { ImportFailureReason, VideoImport } from '@/api/generated/types.gen'
import { subscribeLiveEvents } from '@/lib/live-events'
import { importKeys, importQuery } from '../queries'

// An import's outcome as the service pushes it: a failure is shown at once with the event's
// reason (the import record may not carry one; the event always does), and a created video makes
// the record be read again, instead of waiting for the next poll.
export function useImportLiveUpdates() {
  const queryClient = useQueryClient()
  useEffect(
    () =>
      subscribeLiveEvents((event) => {
        if (event === 'reset') {
          void queryClient.invalidateQueries({ queryKey: importKeys.details() })
          return
        }
        if (event.event_type === 'video_import_failed') {
          void applyFailure(queryClient, event.data.import_id, event.data.reason)
          return
        }
        const importId = event.data.import_id
        if (importId)
          void queryClient.invalidateQueries({ queryKey: importKeys.detail(importId), exact: true })
      }),
    [queryClient],
  )
}

/**
 * The failure lands whatever the record's state: a read in flight (which may have left the service
 * before the failure) is cancelled so it cannot overwrite it, and a record this tab follows but has
 * not read yet is read now. Imports this tab does not follow are left alone.
 */
async function applyFailure(
  queryClient: QueryClient,
  importId: string,
  reason: ImportFailureReason,
) {
  const key = importKeys.detail(importId)
  if (!queryClient.getQueryCache().find({ queryKey: key, exact: true })) return
  await queryClient.cancelQueries({ queryKey: key, exact: true })
  const record =
    queryClient.getQueryData<VideoImport>(key) ??
    (await queryClient.fetchQuery(importQuery(importId, false)).catch(() => undefined))
  if (!record) return
  // The reason is one the contract names: events are parsed with its schema.
  queryClient.setQueryData<VideoImport>(key, { ...record, status: 'errored', reason })
}
