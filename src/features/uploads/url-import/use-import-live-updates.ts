import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { subscribeLiveEvents } from '../../../lib/live-events'
import { importKeys } from '../queries'

// An import's record is read again when the service says it failed (with its reason) or that
// its video was created, instead of waiting for the next poll.
export function useImportLiveUpdates() {
  const queryClient = useQueryClient()
  useEffect(
    () =>
      subscribeLiveEvents((event) => {
        if (event === 'reset') {
          void queryClient.invalidateQueries({ queryKey: importKeys.details() })
          return
        }
        const importId = event.data.import_id
        if (importId)
          void queryClient.invalidateQueries({ queryKey: importKeys.detail(importId), exact: true })
      }),
    [queryClient],
  )
}
