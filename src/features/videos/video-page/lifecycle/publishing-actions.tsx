import { useState } from 'react'
import type { Video } from '@/api/generated/types.gen'
import type { OperationId } from '@/api/operations.gen'
import { Button } from '@/components/ui/button'
import { UnavailableGroup } from '@/components/ui/unavailable-reason'
import { formatDateTime } from '@/lib/format'
import { usePermission } from '@/lib/permissions'
import { publicationLabel, publicationState } from '@/lib/video-facts'
import { type LifecycleAction, lifecycleLabels } from '../../lifecycle'
import { useReadyCheck } from '../../ready-check'
import { ScheduleDialog } from './schedule-dialog'
import { useLifecycle } from './use-lifecycle'

const runningLabels: Record<Exclude<LifecycleAction, 'delete'>, string> = {
  publish: 'Publishing…',
  unpublish: 'Unpublishing…',
  archive: 'Archiving…',
  unarchive: 'Unarchiving…',
}

const operations: Record<Exclude<LifecycleAction, 'delete'>, OperationId> = {
  publish: 'publishVideo',
  unpublish: 'unpublishVideo',
  archive: 'archiveVideo',
  unarchive: 'unarchiveVideo',
}

// Where the video stands and the header's primary actions: publish now or schedule, unpublish,
// archive or unarchive. One action runs at a time; while it runs the buttons are disabled.
export function PublishingActions({ video }: { video: Video }) {
  const lifecycle = useLifecycle(video.id)
  const running = lifecycle.isPending ? lifecycle.variables : undefined
  const busy = lifecycle.isPending
  const state = publicationState(video)
  const [scheduling, setScheduling] = useState(false)
  const allowed = {
    publish: usePermission(operations.publish),
    unpublish: usePermission(operations.unpublish),
    archive: usePermission(operations.archive),
    unarchive: usePermission(operations.unarchive),
  }

  const ready = useReadyCheck('one video')
  const publish = (publishedAt?: string) =>
    ready.check([video], () =>
      lifecycle.mutate(
        { action: 'publish', ...(publishedAt ? { publishedAt } : {}) },
        { onSuccess: () => setScheduling(false) },
      ),
    )

  const button = (action: keyof typeof operations, label = lifecycleLabels[action].verb) => (
    <Button
      size="sm"
      variant={action === 'publish' ? 'primary' : 'secondary'}
      disabled={busy}
      busy={running?.action === action && !running.publishedAt}
      busyLabel={runningLabels[action]}
      unavailableReason={allowed[action].reason}
      onClick={() => (action === 'publish' ? publish() : lifecycle.mutate({ action }))}
    >
      {label}
    </Button>
  )

  return (
    <section aria-label="Publishing" className="flex flex-col gap-2 lg:items-end">
      <p className="text-sm text-slate-700 max-sm:sr-only">
        {state.kind === 'draft' ? 'Draft: not published.' : `${publicationLabel(state)}.`}{' '}
        {video.archived_at ? `Archived on ${formatDateTime(video.archived_at)}.` : null}
      </p>
      <UnavailableGroup className="lg:text-right">
        <div className="flex flex-wrap gap-2 lg:justify-end">
          {state.kind !== 'live' ? button('publish', 'Publish now') : null}
          <Button
            size="sm"
            disabled={busy}
            unavailableReason={allowed.publish.reason}
            onClick={() => setScheduling(true)}
          >
            {state.kind === 'scheduled' ? 'Reschedule…' : 'Schedule…'}
          </Button>
          {state.kind !== 'draft' ? button('unpublish') : null}
          {video.archived_at ? button('unarchive') : button('archive')}
        </div>
      </UnavailableGroup>
      {scheduling ? (
        <ScheduleDialog
          running={running?.action === 'publish' && Boolean(running.publishedAt)}
          onSchedule={(publishedAt) => publish(publishedAt)}
          onClose={() => setScheduling(false)}
        />
      ) : null}
      {ready.dialog}
    </section>
  )
}
