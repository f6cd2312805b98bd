import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  expectAnnounced,
  Harness,
  renderHearing,
  shownOrder,
  stubRowLayout,
  violations,
} from './support/sortable-list-harness'

const initial = ['dress', 'shirt', 'hat', 'tote', 'shoes']

beforeEach(() => stubRowLayout())
afterEach(() => vi.restoreAllMocks())

describe('SortableList with the keyboard', () => {
  it('lifts a row with Space on its handle, moves it with the arrows, drops it with Space, and says so', async () => {
    const onMove = vi.fn()
    render(<Harness initial={initial} onMove={onMove} />)
    const handle = screen.getByRole('button', { name: 'Reorder Linen shirt' })
    expect(handle).toHaveAccessibleDescription(/press Space or Enter/)

    handle.focus()
    await userEvent.keyboard(' ')
    await expectAnnounced('Picked up Linen shirt, at position 2 of 5.')
    await userEvent.keyboard('{ArrowDown}')
    await expectAnnounced('Linen shirt is over position 3 of 5.')
    await userEvent.keyboard('{ArrowDown}')
    await expectAnnounced('Linen shirt is over position 4 of 5.')
    await userEvent.keyboard(' ')

    await expectAnnounced('Linen shirt moved to position 4 of 5.')
    expect(onMove).toHaveBeenCalledExactlyOnceWith({ ids: ['shirt'], toIndex: 3 })
    expect(shownOrder()).toEqual([
      'Summer dress',
      'Straw hat',
      'Canvas tote',
      'Linen shirt',
      'Espadrilles',
    ])
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Reorder Linen shirt' })).toHaveFocus(),
    )
  })

  it('tells its caller the row is let go when Space drops it, not as it moves', async () => {
    const heard = renderHearing(initial)
    screen.getByRole('button', { name: 'Reorder Straw hat' }).focus()
    await userEvent.keyboard(' ')
    await expectAnnounced('Picked up Straw hat, at position 3 of 5.')
    await userEvent.keyboard('{ArrowDown}')
    await expectAnnounced('Straw hat is over position 4 of 5.')
    expect(heard).toEqual([])
    await userEvent.keyboard(' ')
    await expectAnnounced('Straw hat moved to position 4 of 5.')
    expect(heard).toEqual(['let go', 'move'])
  })

  it('lifts with Enter and drops with Enter, moving up', async () => {
    const onMove = vi.fn()
    render(<Harness initial={initial} onMove={onMove} />)
    screen.getByRole('button', { name: 'Reorder Canvas tote' }).focus()
    await userEvent.keyboard('{Enter}')
    await expectAnnounced('Picked up Canvas tote, at position 4 of 5.')
    await userEvent.keyboard('{ArrowUp}')
    await expectAnnounced('Canvas tote is over position 3 of 5.')
    await userEvent.keyboard('{ArrowUp}')
    await expectAnnounced('Canvas tote is over position 2 of 5.')
    await userEvent.keyboard('{Enter}')
    await expectAnnounced('Canvas tote moved to position 2 of 5.')
    expect(onMove).toHaveBeenCalledExactlyOnceWith({ ids: ['tote'], toIndex: 1 })
    expect(shownOrder()[1]).toBe('Canvas tote')
  })

  it('puts everything back on Escape and tells where the row is', async () => {
    const onMove = vi.fn()
    render(<Harness initial={initial} onMove={onMove} />)
    const handle = screen.getByRole('button', { name: 'Reorder Straw hat' })
    handle.focus()
    await userEvent.keyboard(' ')
    await expectAnnounced('Picked up Straw hat, at position 3 of 5.')
    await userEvent.keyboard('{ArrowUp}')
    await expectAnnounced('Straw hat is over position 2 of 5.')
    await userEvent.keyboard('{Escape}')

    await expectAnnounced('Move cancelled. Straw hat is back at position 3 of 5.')
    expect(onMove).not.toHaveBeenCalled()
    expect(shownOrder()).toEqual([
      'Summer dress',
      'Linen shirt',
      'Straw hat',
      'Canvas tote',
      'Espadrilles',
    ])
    await waitFor(() => expect(handle).toHaveFocus())
  })

  it('drags a selected row with the rest of the selection, which folds into it while moving', async () => {
    const onMove = vi.fn()
    render(<Harness initial={initial} onMove={onMove} selection={new Set(['dress', 'hat'])} />)
    screen.getByRole('button', { name: 'Reorder Summer dress' }).focus()
    await userEvent.keyboard(' ')

    await expectAnnounced('Picked up Summer dress and 1 more selected, at positions 1 to 2 of 5.')
    expect(shownOrder()).toEqual(['Summer dress', 'Linen shirt', 'Canvas tote', 'Espadrilles'])
    // What moves under the keys is the dragged row with a count of what it carries.
    const carried = screen.getByText('2').parentElement as HTMLElement
    expect(within(carried).getByText('Summer dress')).toBeInTheDocument()
    await userEvent.keyboard('{ArrowDown}')
    await expectAnnounced('Summer dress and 1 more selected is over positions 2 to 3 of 5.')
    await userEvent.keyboard('{ArrowDown}')
    await expectAnnounced('Summer dress and 1 more selected is over positions 3 to 4 of 5.')
    await userEvent.keyboard(' ')

    await expectAnnounced('Summer dress and 1 more selected moved to positions 3 to 4 of 5.')
    expect(onMove).toHaveBeenCalledExactlyOnceWith({ ids: ['dress', 'hat'], toIndex: 2 })
    expect(shownOrder()).toEqual([
      'Linen shirt',
      'Canvas tote',
      'Summer dress',
      'Straw hat',
      'Espadrilles',
    ])
  })

  it('lifting a selected row with selected rows above it keeps it where it folded to', async () => {
    const onMove = vi.fn()
    render(<Harness initial={initial} onMove={onMove} selection={new Set(['dress', 'hat'])} />)
    screen.getByRole('button', { name: 'Reorder Straw hat' }).focus()
    await userEvent.keyboard(' ')
    // Summer dress folds into Straw hat, which moves up a row; dropping at once gathers them there.
    await expectAnnounced('Picked up Straw hat and 1 more selected, at positions 2 to 3 of 5.')
    await userEvent.keyboard(' ')
    await expectAnnounced('Straw hat and 1 more selected moved to positions 2 to 3 of 5.')
    expect(onMove).toHaveBeenCalledExactlyOnceWith({ ids: ['dress', 'hat'], toIndex: 1 })
  })

  it('dragging an unselected row moves that row alone', async () => {
    const onMove = vi.fn()
    render(<Harness initial={initial} onMove={onMove} selection={new Set(['dress', 'hat'])} />)
    screen.getByRole('button', { name: 'Reorder Espadrilles' }).focus()
    await userEvent.keyboard(' ')
    await expectAnnounced('Picked up Espadrilles, at position 5 of 5.')
    expect(shownOrder()).toHaveLength(5)
    await userEvent.keyboard('{ArrowUp} ')
    await expectAnnounced('Espadrilles moved to position 4 of 5.')
    expect(onMove).toHaveBeenCalledExactlyOnceWith({ ids: ['shoes'], toIndex: 3 })
  })

  it('passes axe idle and while a row is lifted', async () => {
    const { container } = render(<Harness initial={initial} selection={new Set(['shirt'])} />)
    expect(await violations(container)).toEqual([])

    screen.getByRole('button', { name: 'Reorder Linen shirt' }).focus()
    await userEvent.keyboard(' ')
    await expectAnnounced('Picked up Linen shirt, at position 2 of 5.')
    await userEvent.keyboard('{ArrowDown}')
    await expectAnnounced('Linen shirt is over position 3 of 5.')
    expect(screen.getByRole('button', { name: 'Reorder Linen shirt' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    expect(await violations(document.body)).toEqual([])
    await userEvent.keyboard('{Escape}')
  })

  it('never puts role="button" on a list item: the drag attributes are on the handle', () => {
    render(<Harness initial={initial} />)
    const rows = screen.getAllByRole('listitem')
    expect(rows).toHaveLength(5)
    for (const row of rows) {
      expect(row).not.toHaveAttribute('role')
      expect(row).not.toHaveAttribute('tabindex')
    }
    expect(screen.getByRole('button', { name: 'Reorder Summer dress' })).toHaveAttribute(
      'aria-roledescription',
      'sortable',
    )
  })
})
