import type { TagChanges } from '@/components/product-tags/tag-model'
import type { TagInfo } from '@/components/product-tags/use-tag-labels'
import { Button } from '@/components/ui/button'
import { Callout } from '@/components/ui/callout'
import { Dialog } from '@/components/ui/dialog'

// Before a save: the service replaces every tag with the list sent, so the marketer sees exactly
// what is added, removed and kept.
export function ReviewDialog({
  changes,
  labels,
  empty,
  busy,
  onSave,
  onClose,
}: {
  changes: TagChanges
  labels: ReadonlyMap<string, TagInfo>
  empty: boolean
  busy: boolean
  onSave: () => void
  onClose: () => void
}) {
  const list = (title: string, ids: readonly string[]) =>
    ids.length === 0 ? null : (
      <section aria-label={title} className="space-y-1">
        <h3 className="text-sm font-semibold">
          {title} ({ids.length})
        </h3>
        <ul className="list-disc space-y-0.5 pl-5 text-sm">
          {ids.map((id) => (
            <li key={id}>{labels.get(id)?.label ?? id}</li>
          ))}
        </ul>
      </section>
    )
  return (
    <Dialog
      title="Save the product tags?"
      description="The list you save replaces every tag on the video."
      onClose={onClose}
      busy={busy}
      size="md"
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            Keep editing
          </Button>
          <Button variant={empty ? 'danger' : 'primary'} busy={busy} onClick={onSave}>
            {empty ? 'Remove every tag' : 'Save tags'}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        {empty ? (
          <Callout tone="warning">
            Nothing is tagged: saving sends an empty list, which removes every product and variant
            tag from the video.
          </Callout>
        ) : null}
        {list('Added', changes.added)}
        {list('Removed', changes.removed)}
        {list('Kept', changes.kept)}
        {changes.reordered ? (
          <p className="text-sm">The order changes: shoppers see the tags in the new order.</p>
        ) : null}
      </div>
    </Dialog>
  )
}
