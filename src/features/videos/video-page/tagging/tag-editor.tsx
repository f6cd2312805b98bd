import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useState } from 'react'
import type { Video } from '../../../../api/generated/types.gen'
import { productQuery } from '../../../../api/queries/products'
import { storesQuery } from '../../../../api/queries/stores'
import { describeError } from '../../../../components/error-panel'
import { StoreSelect } from '../../../../components/store-select'
import { Button } from '../../../../components/ui/button'
import { FieldShell } from '../../../../components/ui/field'
import { Panel } from '../../../../components/ui/panel'
import { moveBlock } from '../../../../components/ui/sortable-list/move-block'
import { SortableList } from '../../../../components/ui/sortable-list/sortable-list'
import { Select } from '../../../../components/ui/text-input'
import { useToast } from '../../../../components/ui/toast'
import { useSaveVideo } from '../edit/use-save-video'
import { PasteIdentifiers } from './paste-identifiers'
import { ReviewDialog } from './review-dialog'
import { changesBetween, type Tags, taggingBody, tagsOf, type Visibility } from './tag-model'
import { type TagOption, TagSearch } from './tag-search'
import { useTagLabels } from './use-tag-labels'

type Group = keyof Tags

// The video's product tags, edited as a draft: search a store, tag whole products or variants,
// arrange them (whole products are always shown before variants, the service's rule), then
// review exactly what a save changes.
export function TagEditor({ video }: { video: Video }) {
  const toast = useToast()
  const save = useSaveVideo(video.id)
  const stores = useQuery(storesQuery())
  const storeIds = useMemo(() => stores.data?.map((store) => store.id) ?? [], [stores.data])
  const stored = useMemo(() => tagsOf(video), [video])
  const [draft, setDraft] = useState<Tags>(stored)
  const [visibility, setVisibility] = useState<Visibility>('keep')
  const [chosenStore, setChosenStore] = useState<string | null>(null)
  const [reviewing, setReviewing] = useState(false)
  const storedKey = [...stored.products, '|', ...stored.variants].join()
  // A save (or another tab) changed the stored tags: the draft starts again from them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `storedKey` stands for the stored tags
  useEffect(() => setDraft(stored), [storedKey])

  const labels = useTagLabels(draft, storeIds)
  const first = draft.products[0] ?? stored.products[0]
  const firstProduct = useQuery({ ...productQuery(first ?? ''), enabled: Boolean(first) })
  const storeId =
    chosenStore ?? firstProduct.data?.business_store_id ?? stores.data?.at(-1)?.id ?? ''
  const changes = changesBetween(stored, draft)
  const dirty =
    changes.added.length + changes.removed.length > 0 || changes.reordered || visibility !== 'keep'

  const toggle = (option: TagOption) => {
    const group: Group = option.kind === 'product' ? 'products' : 'variants'
    setDraft((current) => ({
      ...current,
      [group]: current[group].includes(option.id)
        ? current[group].filter((id) => id !== option.id)
        : [...current[group], option.id],
    }))
  }
  const remove = useCallback(
    (group: Group, id: string) =>
      setDraft((current) => ({
        ...current,
        [group]: current[group].filter((each) => each !== id),
      })),
    [],
  )
  const caption = useCallback((id: string) => labels.get(id)?.label ?? 'a product', [labels])
  const renderItem = useCallback(
    (group: Group) => (id: string) => (
      <div className="flex min-w-0 flex-1 items-center gap-2 text-sm">
        <span className="min-w-0 flex-1 truncate">{labels.get(id)?.label ?? 'Loading…'}</span>
        <Button size="sm" variant="quiet" onClick={() => remove(group, id)}>
          Untag<span className="sr-only"> {labels.get(id)?.label}</span>
        </Button>
      </div>
    ),
    [labels, remove],
  )
  const productRows = useMemo(() => renderItem('products'), [renderItem])
  const variantRows = useMemo(() => renderItem('variants'), [renderItem])

  const submit = async () => {
    const sent = [...draft.products, ...draft.variants]
    try {
      const saved = await save.mutateAsync(taggingBody(storeId, draft, visibility))
      const kept = new Set([...saved.product_ids, ...saved.variant_ids])
      const skipped = sent.filter((id) => !kept.has(id)).length
      setReviewing(false)
      setVisibility('keep')
      toast(
        skipped === 0
          ? 'Product tags saved.'
          : `Saved, but the service skipped ${skipped} tag${skipped === 1 ? '' : 's'} it could not find in this store.`,
        { tone: skipped === 0 ? 'success' : 'error' },
      )
    } catch (error) {
      setReviewing(false)
      toast(`Tags not saved: ${describeError(error).detail} Your draft is kept.`, { tone: 'error' })
    }
  }

  return (
    <Panel title="Products">
      <StoreSelect
        id="tag-store"
        hint="Tags are looked up in one store; choosing another clears the draft."
        value={storeId}
        onChange={(next) => {
          setChosenStore(next)
          setDraft({ products: [], variants: [] })
        }}
      />
      <TagSearch
        storeId={storeId}
        tagged={[...draft.products, ...draft.variants]}
        onToggle={toggle}
      />
      <PasteIdentifiers
        storeId={storeId}
        tagged={new Set(draft.products)}
        onAdd={(ids) =>
          setDraft((current) => ({ ...current, products: [...current.products, ...ids] }))
        }
      />
      <TagGroup
        title="Whole products, shown first"
        items={draft.products}
        caption={caption}
        renderItem={productRows}
        onMove={(ids, toIndex) =>
          setDraft((current) => ({
            ...current,
            products: moveBlock(current.products, ids, toIndex),
          }))
        }
      />
      <TagGroup
        title="Specific variants, shown after the products"
        items={draft.variants}
        caption={caption}
        renderItem={variantRows}
        onMove={(ids, toIndex) =>
          setDraft((current) => ({
            ...current,
            variants: moveBlock(current.variants, ids, toIndex),
          }))
        }
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
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="primary" disabled={!dirty || !storeId} onClick={() => setReviewing(true)}>
          Review and save…
        </Button>
        <Button variant="quiet" disabled={!dirty} onClick={() => setDraft(stored)}>
          Discard changes
        </Button>
        <p className="text-sm text-slate-700" aria-live="polite">
          {dirty ? 'Unsaved changes to the tags.' : 'Tags as saved.'}
        </p>
      </div>
      {reviewing ? (
        <ReviewDialog
          changes={changes}
          labels={labels}
          empty={draft.products.length + draft.variants.length === 0}
          busy={save.isPending}
          onSave={submit}
          onClose={() => setReviewing(false)}
        />
      ) : null}
    </Panel>
  )
}

function TagGroup({
  title,
  items,
  caption,
  renderItem,
  onMove,
}: {
  title: string
  items: readonly string[]
  caption: (id: string) => string
  renderItem: (id: string) => React.ReactNode
  onMove: (ids: string[], toIndex: number) => void
}) {
  return (
    <section aria-label={title} className="space-y-2">
      <h3 className="text-sm font-semibold">
        {title} ({items.length})
      </h3>
      {items.length === 0 ? (
        <p className="text-sm text-slate-700">None.</p>
      ) : (
        <SortableList
          label={title}
          items={items}
          caption={caption}
          renderItem={renderItem}
          onMove={({ ids, toIndex }) => onMove(ids, toIndex)}
        />
      )}
    </section>
  )
}
