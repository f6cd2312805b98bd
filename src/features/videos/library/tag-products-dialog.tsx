import { useState } from 'react'
import { type TagOption, TagSearch } from '@/components/product-tags/tag-search'
import { StoreSelect, useDefaultStoreId } from '@/components/store-select'
import { Button } from '@/components/ui/button'
import { RadioGroup } from '@/components/ui/choice-group'
import { Dialog } from '@/components/ui/dialog'
import { formatVideoCount } from '@/lib/format'
import type { BulkTagMode } from './bulk-tagging'

// Products of one store for a library selection: added to each video's tags, or replacing them.
export function TagProductsDialog({
  count,
  onTag,
  onClose,
}: {
  count: number
  onTag: (storeId: string, productIds: string[], mode: BulkTagMode) => void
  onClose: () => void
}) {
  const [chosenStore, setChosenStore] = useState<string | null>(null)
  const defaultStore = useDefaultStoreId()
  const storeId = chosenStore ?? defaultStore
  const [picked, setPicked] = useState<Array<Pick<TagOption, 'id' | 'name'>>>([])
  const [mode, setMode] = useState<BulkTagMode>('add')
  const toggle = (option: TagOption) =>
    setPicked((current) =>
      current.some((each) => each.id === option.id)
        ? current.filter((each) => each.id !== option.id)
        : [...current, option],
    )
  return (
    <Dialog
      title={`Tag products on ${formatVideoCount(count)}`}
      onClose={onClose}
      size="md"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant={mode === 'replace' && picked.length === 0 ? 'danger' : 'primary'}
            disabled={mode === 'add' && picked.length === 0}
            onClick={() =>
              onTag(
                storeId,
                picked.map((each) => each.id),
                mode,
              )
            }
          >
            {mode === 'add'
              ? `Add ${picked.length} to each video`
              : picked.length === 0
                ? 'Remove every tag'
                : `Replace with these ${picked.length}`}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <StoreSelect
          id="bulk-tag-store"
          value={storeId}
          onChange={(next) => {
            setChosenStore(next)
            setPicked([])
          }}
        />
        <TagSearch
          id="bulk-tag-search"
          storeId={storeId}
          tagged={picked.map((each) => each.id)}
          onToggle={toggle}
          wholeProductsOnly
        />
        {picked.length > 0 ? (
          <ul aria-label="Products to tag" className="list-disc pl-5 text-sm">
            {picked.map((each) => (
              <li key={each.id}>{each.name}</li>
            ))}
          </ul>
        ) : null}
        <RadioGroup<BulkTagMode>
          legend="How"
          value={mode}
          onValueChange={setMode}
          options={[
            {
              value: 'add',
              label: 'Add to each video’s tags',
              hint: 'Each video is read first, so the tags it has stay; the report names videos whose tags changed since the library showed them.',
            },
            {
              value: 'replace',
              label: 'Replace each video’s tags',
              hint: 'Every product and variant tag of each video is replaced by these products (none: all are removed).',
            },
          ]}
        />
      </div>
    </Dialog>
  )
}
