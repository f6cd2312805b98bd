import type { Video } from '@/api/generated/types.gen'
import { Button } from '@/components/ui/button'
import { Panel } from '@/components/ui/panel'
import { formatDateTime } from '@/lib/format'
import { publicationLabel, publicationState, videoTitle } from '@/lib/video-facts'
import { type LifecycleAction, lifecycleLabels } from '../../lifecycle'
import { DeleteVideo } from './delete-video'
import { ScheduleForm } from './schedule-form'
import { useLifecycle } from './use-lifecycle'

const runningLabels: Record<LifecycleAction, string> = {
  publish: 'Publishing…',
  unpublish: 'Unpublishing…',
  archive: 'Archiving…',
  unarchive: 'Unarchiving…',
  delete: 'Deleting…',
}

// Publish now, schedule, unpublish, archive or unarchive, and delete. One action runs at a time;
// while it runs the buttons are disabled.
export function LifecyclePanel({ video, onDeleted }: { video: Video; onDeleted: () => unknown }) {
  const lifecycle = useLifecycle(video.id, onDeleted)
  const running = lifecycle.isPending ? lifecycle.variables : undefined
  const busy = lifecycle.isPending
  const state = publicationState(video)

  const button = (action: LifecycleAction, label = lifecycleLabels[action].verb) => {
    const active = running?.action === action && !running.publishedAt
    return (
      <Button
        disabled={busy}
        busy={active}
        busyLabel={runningLabels[action]}
        onClick={() => lifecycle.mutate({ action })}
      >
        {label}
      </Button>
    )
  }

  return (
    <Panel title="Publishing">
      <p className="text-sm text-slate-700">
        {state.kind === 'draft' ? 'Draft: not published.' : `${publicationLabel(state)}.`}{' '}
        {video.archived_at ? `Archived on ${formatDateTime(video.archived_at)}.` : null}
      </p>
      <div className="flex flex-wrap gap-2">
        {state.kind !== 'live' ? button('publish', 'Publish now') : null}
        {state.kind !== 'draft' ? button('unpublish') : null}
        {video.archived_at ? button('unarchive') : button('archive')}
      </div>
      <ScheduleForm
        disabled={busy}
        running={running?.action === 'publish' && Boolean(running.publishedAt)}
        onSchedule={(publishedAt) => lifecycle.mutate({ action: 'publish', publishedAt })}
      />
      <div className="border-t border-slate-200 pt-4">
        <DeleteVideo
          title={videoTitle(video)}
          disabled={busy}
          running={running?.action === 'delete'}
          onDelete={(done) => lifecycle.mutate({ action: 'delete' }, { onError: done })}
        />
      </div>
    </Panel>
  )
}
