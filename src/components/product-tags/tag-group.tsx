import { memo } from 'react'
import { SortableList } from '../ui/sortable-list/sortable-list'

// One ordered list of tags (whole products, or variants), arranged by drag, keyboard or menu.
export const TagGroup = memo(function TagGroup({
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
})
