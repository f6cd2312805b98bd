import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useCallback, useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { moveBlock } from '@/components/ui/sortable-list/move-block'
import { SortableList } from '@/components/ui/sortable-list/sortable-list'
import { expectAnnounced, products, stubRowLayout } from './support/sortable-list-harness'

const renders = new Map<string, number>()

function Content({ id }: { id: string }) {
  renders.set(id, (renders.get(id) ?? 0) + 1)
  return <span>{products[id]}</span>
}

// A caller that keeps its renderItem stable, as a screen with heavy rows should.
function StableList() {
  const [order, setOrder] = useState(Object.keys(products))
  const renderItem = useCallback((id: string) => <Content id={id} />, [])
  return (
    <SortableList
      label="Tag order"
      items={order}
      caption={(id) => products[id] ?? id}
      renderItem={renderItem}
      onMove={(move) => setOrder((current) => moveBlock(current, move.ids, move.toIndex))}
    />
  )
}

beforeEach(() => {
  renders.clear()
  stubRowLayout()
})
afterEach(() => vi.restoreAllMocks())

describe('SortableList rendering', () => {
  it('renders each row’s content once, through a keyboard drag and the move that follows', async () => {
    render(<StableList />)
    expect([...renders.values()].every((count) => count === 1)).toBe(true)

    screen.getByRole('button', { name: 'Reorder Summer dress' }).focus()
    await userEvent.keyboard(' ')
    await userEvent.keyboard('{ArrowDown}')
    await userEvent.keyboard('{ArrowDown}')
    await userEvent.keyboard(' ')
    await expectAnnounced('Summer dress moved to position 3 of 5.')

    expect(Object.fromEntries(renders)).toEqual(
      Object.fromEntries(Object.keys(products).map((id) => [id, 1])),
    )
  })
})
