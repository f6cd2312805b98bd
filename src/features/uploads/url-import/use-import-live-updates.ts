import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { ImportFailureReason, type VideoImport } from '../../../api/generated/types.gen'
import { subscribeLiveEvents } from '../../../lib/live-events'
import { importKeys } from '../queries'

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
          const { import_id: importId, reason } = event.data
          queryClient.setQueryData<VideoImport>(importKeys.detail(importId), (record) =>
            // An unknown reason is kept as none: the screen then says the service gave none.
            record
              ? { ...record, status: 'errored', reason: knownReason(reason) ?? record.reason }
              : record,
          )
          return
        }
        const importId = event.data.import_id
        if (importId)
          void queryClient.invalidateQueries({ queryKey: importKeys.detail(importId), exact: true })
      }),
    [queryClient],
  )
}

const knownReason = (reason: string) =>
  (Object.values(ImportFailureReason) as string[]).includes(reason)
    ? (reason as ImportFailureReason)
    : null
