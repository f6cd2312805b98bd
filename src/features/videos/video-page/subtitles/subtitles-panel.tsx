import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Subtitle } from '@/api/generated/types.gen'
import { subtitleListQuery } from '@/api/queries/videos'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { InlineError } from '@/components/ui/inline-error'
import { Panel } from '@/components/ui/panel'
import { useToast } from '@/components/ui/toast'
import { usePermission } from '@/lib/permissions'
import { AddSubtitleForm } from './add-subtitle-form'
import { languageName } from './languages'
import { useSubtitleActions } from './use-subtitle-actions'

// The video's subtitle tracks (the preview player offers each), with adding and deleting.
export function SubtitlesPanel({ videoId }: { videoId: string }) {
  const tracks = useQuery(subtitleListQuery(videoId))
  const actions = useSubtitleActions(videoId)
  const toast = useToast()
  const [deleting, setDeleting] = useState<Subtitle | null>(null)
  const removing = usePermission('deleteSubtitle')
  return (
    <Panel title="Subtitles">
      {tracks.isPending ? (
        <p className="text-sm text-slate-700">Loading the tracks…</p>
      ) : tracks.isError ? (
        <InlineError>The tracks cannot be loaded: {tracks.error.message}</InlineError>
      ) : tracks.data.length === 0 ? (
        <p className="text-sm text-slate-700">No subtitle tracks yet.</p>
      ) : (
        <ul aria-label="Subtitle tracks" className="divide-y divide-slate-100">
          {tracks.data.map((track) => (
            <li key={track.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
              <span className="font-medium">{languageName(track.language)}</span>
              <span className="text-slate-700">{track.language}</span>
              {track.is_cc ? <Badge tone="info">Closed captions</Badge> : null}
              <Button
                size="sm"
                variant="quiet"
                className="ml-auto"
                unavailableReason={removing.reason}
                onClick={() => setDeleting(track)}
              >
                Delete<span className="sr-only"> the {languageName(track.language)} track</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <AddSubtitleForm actions={actions} />
      {deleting ? (
        <ConfirmDialog
          title={`Delete the ${languageName(deleting.language)} track?`}
          confirmLabel="Delete track"
          tone="danger"
          busy={actions.remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            actions.remove.mutate(deleting.id, {
              onSuccess: () => {
                setDeleting(null)
                toast('Track deleted.', { tone: 'success' })
              },
              onError: (error) => {
                setDeleting(null)
                toast(`Not deleted: ${error.message}`, { tone: 'danger' })
              },
            })
          }
        >
          Viewers lose these subtitles. Add the file again to bring them back.
        </ConfirmDialog>
      ) : null}
    </Panel>
  )
}
