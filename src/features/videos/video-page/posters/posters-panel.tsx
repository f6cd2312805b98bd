import { useCallback, useMemo, useState } from 'react'
import type { Video } from '@/api/generated/types.gen'
import { describeError } from '@/components/error-panel'
import { Callout } from '@/components/ui/callout'
import { Panel } from '@/components/ui/panel'
import { moveBlock } from '@/components/ui/sortable-list/move-block'
import { SortableList, type SortableMove } from '@/components/ui/sortable-list/sortable-list'
import { useToast } from '@/components/ui/toast'
import { usePermission } from '@/lib/permissions'
import { AddPosterForm } from './add-poster-form'
import { posterLabel, servedOrder } from './poster-order'
import { PosterRow } from './poster-row'
import { ReplacePosters } from './replace-posters'
import { usePosterActions } from './use-poster-actions'

// The video's posters in the order the player serves them, arranged by dragging (or the row's
// menu); an arrangement is saved as weights in one atomic batch.
export function PostersPanel({ video }: { video: Video }) {
  const actions = usePosterActions(video.id)
  const reordering = usePermission('updatePosterWeights')
  const adding = usePermission('addPoster')
  const weighing = usePermission('updatePosterWeight')
  const deleting = usePermission('deletePoster')
  const replacing = usePermission('updateVideo')
  const toast = useToast()
  const stored = useMemo(() => servedOrder(video.video_posters), [video.video_posters])
  const byId = useMemo(() => new Map(stored.map((poster) => [poster.id, poster])), [stored])
  const [arranging, setArranging] = useState<string[] | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const order = arranging ?? stored.map((poster) => poster.id)

  const onMove = ({ ids, toIndex }: SortableMove) => {
    const next = moveBlock(order, ids, toIndex)
    setArranging(next)
    setRefusal(null)
    actions.arrange.mutate(next, {
      onSuccess: () => toast('Poster order saved.', { tone: 'success' }),
      onError: (error) => {
        const { title, detail } = describeError(error)
        setRefusal(`${title === 'Something went wrong' ? '' : `${title}: `}${detail}`)
      },
      onSettled: () => setArranging(null),
    })
  }
  const caption = useCallback(
    (id: string) => {
      const poster = byId.get(id)
      return poster ? posterLabel(poster, order.indexOf(id) + 1) : 'a poster'
    },
    [byId, order],
  )
  const renderItem = useCallback(
    (id: string) => {
      const poster = byId.get(id)
      if (!poster) return null
      return (
        <PosterRow
          poster={poster}
          position={order.indexOf(id) + 1}
          busy={actions.setWeight.isPending}
          weightReason={weighing.reason}
          deleteReason={deleting.reason}
          onWeight={(weight) =>
            actions.setWeight.mutate(
              { posterId: id, weight },
              {
                onSuccess: () => toast('Weight saved.', { tone: 'success' }),
                onError: (error) => toast(`Weight not saved: ${error.message}`, { tone: 'danger' }),
              },
            )
          }
          onDelete={() =>
            actions.remove.mutate(id, {
              onSuccess: () => toast('Poster deleted.', { tone: 'success' }),
              onError: (error) => toast(`Not deleted: ${error.message}`, { tone: 'danger' }),
            })
          }
        />
      )
    },
    [byId, order, actions.setWeight, actions.remove, toast, weighing.reason, deleting.reason],
  )

  return (
    <Panel
      title={`Posters (${stored.length})`}
      actions={<ReplacePosters count={stored.length} actions={actions} reason={replacing.reason} />}
    >
      <p className="text-sm text-slate-700">
        The player serves the poster at the top first. Drag a poster by its handle, or use its menu,
        to change the order; the order is saved as weights (the first 1, then evenly down to 1/n).
      </p>
      {refusal ? (
        <Callout tone="danger" role="alert" title="The new order was not saved">
          {refusal} The posters are shown in the order the service serves them.
        </Callout>
      ) : null}
      {order.length === 0 ? (
        <p className="text-sm text-slate-700">No posters yet: the player shows the thumbnail.</p>
      ) : (
        <SortableList
          label="Posters, served first at the top"
          items={order}
          caption={caption}
          renderItem={renderItem}
          onMove={onMove}
          unavailableReason={reordering.reason}
        />
      )}
      <AddPosterForm actions={actions} reason={adding.reason} />
    </Panel>
  )
}
