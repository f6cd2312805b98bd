import { render, screen } from '@testing-library/react'
import { useState } from 'react'
import { expect, vi } from 'vitest'
import { moveBlock } from '@/components/ui/sortable-list/move-block'
import {
  SortableList,
  type SortableListProps,
  type SortableMove,
} from '@/components/ui/sortable-list/sortable-list'

export const rowHeight = 40

// happy-dom has no layout: every rect is zero, and dnd-kit's keyboard sensor moves the dragged row
// to the nearest row above or below by comparing rects, so it would find nowhere to go. This lays
// out the two kinds of box a drag measures: a row gets the rect it would have in a list of
// fixed-height rows, from its place among its siblings; dnd-kit's drag overlay is placed by its
// inline style (position: fixed, top, left, width, height), and the preview inside fills it.
export function stubRowLayout() {
  const original = Element.prototype.getBoundingClientRect
  const fromStyle = (element: HTMLElement) => {
    const { top, left, width, height } = element.style
    const px = (value: string) => Number.parseFloat(value) || 0
    return new DOMRect(px(left), px(top), px(width), px(height))
  }
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const parent = this.parentElement
    if (this instanceof HTMLLIElement && this.dataset.id && parent) {
      const index = Array.from(parent.children).indexOf(this)
      return new DOMRect(0, index * rowHeight, 600, rowHeight - 8)
    }
    if (this instanceof HTMLElement && this.style.position === 'fixed') return fromStyle(this)
    if (parent?.style.position === 'fixed' && parent.children.length === 1) return fromStyle(parent)
    return original.call(this)
  })
}

// For the virtualizer, an element is as tall as its inline style says (it reads clientHeight), and
// can scroll as far as its tallest child is tall (scrollHeight bounds where it may scroll to).
export function stubViewportHeight() {
  const styled = (element: Element) =>
    element instanceof HTMLElement ? Number.parseFloat(element.style.height) || 0 : 0
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return styled(this)
  })
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return Math.max(styled(this), ...Array.from(this.children, styled))
  })
}

export { axeViolations as violations } from '../../support/axe'

// A 1,000-video list, virtualized: 480 px of 48 px rows shows ten.
export const thousand = (() => {
  const ids = Array.from({ length: 1000 }, (_, index) => `v${index + 1}`)
  const titles = Object.fromEntries(ids.map((id, index) => [id, `Video ${index + 1}`]))
  return { ids, titles, virtualized: { rowHeight: 48, height: 480 } }
})()

export const products: Record<string, string> = {
  dress: 'Summer dress',
  shirt: 'Linen shirt',
  hat: 'Straw hat',
  tote: 'Canvas tote',
  shoes: 'Espadrilles',
}

// The caller owns the order, as a screen would: it applies each move with moveBlock.
export function Harness({
  initial,
  titles = products,
  onMove,
  ...rest
}: {
  initial: string[]
  titles?: Record<string, string>
  onMove?: (move: SortableMove) => void
} & Partial<SortableListProps>) {
  const [order, setOrder] = useState(initial)
  const caption = (id: string) => titles[id] ?? id
  return (
    <main>
      <SortableList
        label="Tag order"
        items={order}
        caption={caption}
        renderItem={(id) => <span>{caption(id)}</span>}
        onMove={(move) => {
          onMove?.(move)
          setOrder((current) => moveBlock(current, move.ids, move.toIndex))
        }}
        {...rest}
      />
    </main>
  )
}

/** Renders the harness, noting in order what its caller hears: 'let go', then 'move'. */
export function renderHearing(initial: string[]) {
  const heard: string[] = []
  render(
    <Harness
      initial={initial}
      onMove={() => heard.push('move')}
      onLetGo={() => heard.push('let go')}
    />,
  )
  return heard
}

export function shownOrder() {
  const list = screen.getByRole('list', { name: 'Tag order' })
  return Array.from(list.querySelectorAll('li'), (row) => row.textContent)
}

// Announcements go to live regions (role="status"), dnd-kit's during a drag and the list's own
// after a move from the menu.
export async function expectAnnounced(text: string) {
  const node = await screen.findByText(text)
  expect(node.closest('[role="status"]')).not.toBeNull()
}
