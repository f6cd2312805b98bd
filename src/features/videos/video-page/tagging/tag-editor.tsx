import { useEffect, useMemo, useRef, useState } from 'react'
import type { Video } from '@/api/generated/types.gen'
import { describeError } from '@/components/error-panel'
import {
  changesBetween,
  type Tags,
  taggingBody,
  tagsOf,
  type Visibility,
} from '@/components/product-tags/tag-model'
import { TagPicker, useStoreTagLabels } from '@/components/product-tags/tag-picker'
import { FieldShell } from '@/components/ui/field'
import { Panel } from '@/components/ui/panel'
import { Select } from '@/components/ui/select'
import { useToast } from '@/components/ui/toast'
import { usePermission } from '@/lib/permissions'
import { useDraft } from '../drafts/page-drafts'
import { useSaveVideo } from '../edit/use-save-video'
import { RoleLock } from '../layout/role-lock'
import { ReviewDialog } from './review-dialog'
import { useTaggingStore } from './use-tagging-store'

// The video's product tags, edited as a draft with the shared tag picker, then reviewed: a save
// replaces the whole list, so the review shows exactly what is added, removed and kept.

export function TagEditor({ video }: { video: Video }) {
  const toast = useToast()
  const save = useSaveVideo(video.id)
  const stored = useMemo(() => tagsOf(video), [video])
  const [draft, setDraft] = useState<Tags>(stored)
  const [visibility, setVisibility] = useState<Visibility>('keep')
  const [reviewing, setReviewing] = useState(false)
  const reviewed = useRef<(saved: boolean) => void>(() => {})
  const editing = usePermission('updateVideo')
  const storedKey = [...stored.products, '|', ...stored.variants].join()
  // A save (or another tab) changed the stored tags: the draft starts again from them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `storedKey` stands for the stored tags
  useEffect(() => setDraft(stored), [storedKey])

  const labels = useStoreTagLabels(draft)
  const { storeId, chosen, choose: chooseStore } = useTaggingStore(video)
  // Another store chosen (here, or from the AI suggestions): the draft's tags were of the last.
  const lastChosen = useRef(chosen)
  useEffect(() => {
    if (lastChosen.current === chosen) return
    lastChosen.current = chosen
    setDraft({ products: [], variants: [] })
  }, [chosen])
  const changes = changesBetween(stored, draft)
  const count =
    changes.added.length +
    changes.removed.length +
    (changes.reordered ? 1 : 0) +
    (visibility !== 'keep' ? 1 : 0)
  const dirty = count > 0
  const endReview = (saved: boolean) => {
    setReviewing(false)
    reviewed.current(saved)
  }
  useDraft('product-tags', 'products', {
    labels: ['Product tags'],
    count,
    save: () =>
      storeId
        ? new Promise<boolean>((resolve) => {
            reviewed.current = resolve
            setReviewing(true)
          })
        : Promise.resolve(false),
    discard: () => {
      setDraft(stored)
      setVisibility('keep')
    },
  })

  const submit = async () => {
    const sent = [...draft.products, ...draft.variants]
    try {
      const saved = await save.mutateAsync(taggingBody(storeId, draft, visibility))
      const kept = new Set([...saved.product_ids, ...saved.variant_ids])
      const skipped = sent.filter((id) => !kept.has(id)).length
      setVisibility('keep')
      endReview(true)
      toast(
        skipped === 0
          ? 'Product tags saved.'
          : `Saved, but the service skipped ${skipped} tag${skipped === 1 ? '' : 's'} it could not find in this store.`,
        { tone: skipped === 0 ? 'success' : 'danger' },
      )
    } catch (error) {
      endReview(false)
      toast(`Tags not saved: ${describeError(error).detail} Your draft is kept.`, {
        tone: 'danger',
      })
    }
  }

  return (
    <Panel title="Products">
      <RoleLock reason={editing.reason} className="space-y-4">
        <TagPicker
          idPrefix="tag"
          storeId={storeId}
          storeHint="Tags and AI suggestions come from one store; choosing another clears the draft."
          onStoreChange={chooseStore}
          tags={draft}
          onChange={setDraft}
        />
        <FieldShell id="tag-visibility" label="On the products' pages">
          {(a11y) => (
            <Select
              {...a11y}
              value={visibility}
              onChange={(event) => setVisibility(event.target.value as Visibility)}
            >
              <option value="keep">Keep each tag as it is (new tags show the video)</option>
              <option value="show">Show this video on every tagged product’s page</option>
              <option value="hide">Hide this video from every tagged product’s page</option>
            </Select>
          )}
        </FieldShell>
      </RoleLock>
      <p className="text-sm text-slate-700">
        {dirty ? 'Unsaved changes to the tags: save them from the bar below.' : 'Tags as saved.'}
      </p>
      {reviewing ? (
        <ReviewDialog
          changes={changes}
          labels={labels}
          empty={draft.products.length + draft.variants.length === 0}
          busy={save.isPending}
          onSave={submit}
          onClose={() => endReview(false)}
        />
      ) : null}
    </Panel>
  )
}
