import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SortableListProps } from '@/components/ui/sortable-list/sortable-list'
import {
  expectAnnounced,
  Harness,
  stubRowLayout,
  stubViewportHeight,
  thousand,
  violations,
} from './support/sortable-list-harness'

const { ids, titles, virtualized } = thousand

beforeEach(() => {
  stubRowLayout()
  stubViewportHeight()
})
afterEach(() => vi.restoreAllMocks())

function renderList(options: Pick<SortableListProps, 'selection' | 'words'> = {}) {
  const onMove = vi.fn()
  const view = render(
    <Harness
      initial={ids}
      titles={titles}
      virtualized={virtualized}
      onMove={onMove}
      {...options}
    />,
  )
  return { onMove, ...view }
}

// The line a sighted user sees where the lifted row would land (hidden from screen readers, who
// hear the place instead).
const dropLine = () =>
  screen.getByRole('list', { name: 'Tag order' }).querySelector<HTMLElement>('li[aria-hidden]')

describe('SortableList, virtualized, while a row is dragged', () => {
  it('moves a lifted row slot by slot with the arrows, draws where it would land, and drops it there', async () => {
    const { onMove, container } = renderList()
    const handle = await screen.findByRole('button', { name: 'Reorder Video 2' })
    handle.focus()
    await userEvent.keyboard(' ')
    await expectAnnounced('Picked up Video 2, at position 2 of 1000.')
    expect(dropLine()).toBeNull()

    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}')
    await expectAnnounced('Video 2 is over position 5 of 1000.')
    // In the gap below the fifth row: rows are 48 px apart with 8 px between them.
    expect(dropLine()?.style.top).toBe(`${5 * 48 - 4}px`)
    expect(await violations(container)).toEqual([])

    await userEvent.keyboard('{ArrowUp}')
    await expectAnnounced('Video 2 is over position 4 of 1000.')
    await userEvent.keyboard(' ')
    await expectAnnounced('Video 2 moved to position 4 of 1000.')
    expect(onMove).toHaveBeenCalledExactlyOnceWith({ ids: ['v2'], toIndex: 3 })
    expect(dropLine()).toBeNull()
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Reorder Video 2' }).closest('li')).toHaveAttribute(
        'aria-posinset',
        '4',
      ),
    )
  })

  it('stops at the top of the list, and moving up draws the line above the target row', async () => {
    const { onMove } = renderList()
    ;(await screen.findByRole('button', { name: 'Reorder Video 3' })).focus()
    await userEvent.keyboard(' ')
    await expectAnnounced('Picked up Video 3, at position 3 of 1000.')
    await userEvent.keyboard('{ArrowUp}{ArrowUp}')
    await expectAnnounced('Video 3 is over position 1 of 1000.')
    expect(dropLine()?.style.top).toBe('-4px')
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowDown}')
    await expectAnnounced('Video 3 is over position 2 of 1000.')
    await userEvent.keyboard('{Escape}')
    await expectAnnounced('Move cancelled. Video 3 is back at position 3 of 1000.')
    expect(onMove).not.toHaveBeenCalled()
  })

  it('drops a row dragged by the pointer in the slot under it', async () => {
    const { onMove } = renderList()
    const handle = await screen.findByRole('button', { name: 'Reorder Video 1' })
    fireEvent.mouseDown(handle, { button: 0, clientX: 20, clientY: 20 })
    fireEvent.mouseMove(document, { clientX: 20, clientY: 30 })
    await expectAnnounced('Picked up Video 1, at position 1 of 1000.')
    // Three and a half rows further down: the row's centre is in the fourth slot.
    fireEvent.mouseMove(document, { clientX: 20, clientY: 20 + 3.5 * 48 })
    await expectAnnounced('Video 1 is over position 4 of 1000.')
    fireEvent.mouseUp(document, { clientX: 20, clientY: 20 + 3.5 * 48 })
    await expectAnnounced('Video 1 moved to position 4 of 1000.')
    expect(onMove).toHaveBeenCalledExactlyOnceWith({ ids: ['v1'], toIndex: 3 })
  })

  it('keeps a selection under the pointer as it folds, and says where that is from the start', async () => {
    const { onMove } = renderList({ selection: new Set(['v1', 'v2', 'v4']) })
    const handle = await screen.findByRole('button', { name: 'Reorder Video 4' })
    fireEvent.mouseDown(handle, { button: 0, clientX: 20, clientY: 3 * 48 + 20 })
    fireEvent.mouseMove(document, { clientX: 20, clientY: 3 * 48 + 30 })
    // Videos 1 and 2 fold into Video 4; the pointer is still over the fourth slot.
    await expectAnnounced('Picked up Video 4 and 2 more selected, at positions 4 to 6 of 1000.')
    fireEvent.mouseUp(document, { clientX: 20, clientY: 3 * 48 + 30 })
    expect(onMove).toHaveBeenCalledExactlyOnceWith({ ids: ['v1', 'v2', 'v4'], toIndex: 3 })
  })

  it('drags a selection folded into the lifted row, counting places in the folded list', async () => {
    const { onMove } = renderList({ selection: new Set(['v1', 'v3']) })
    ;(await screen.findByRole('button', { name: 'Reorder Video 3' })).focus()
    await userEvent.keyboard(' ')
    // Video 1 folds into Video 3, which is now the second row of 999.
    await expectAnnounced('Picked up Video 3 and 1 more selected, at positions 2 to 3 of 1000.')
    await userEvent.keyboard('{ArrowDown}{ArrowDown}')
    await expectAnnounced('Video 3 and 1 more selected is over positions 4 to 5 of 1000.')
    await userEvent.keyboard(' ')
    expect(onMove).toHaveBeenCalledExactlyOnceWith({ ids: ['v1', 'v3'], toIndex: 3 })
  })

  // Each row's handle label is worked out as the row draws: the labels asked for are the rows drawn.
  async function renderCountingRows() {
    const drawn: string[] = []
    renderList({
      words: {
        handleLabel: (caption) => {
          drawn.push(caption)
          return `Reorder ${caption}`
        },
      },
    })
    ;(await screen.findByRole('button', { name: 'Reorder Video 2' })).focus()
    return drawn
  }

  // A lift re-renders the list around every row, in the task of the key or the pointer.
  it('renders only the lifted row again as it is lifted', async () => {
    const drawn = await renderCountingRows()
    drawn.length = 0
    await userEvent.keyboard(' ')
    await expectAnnounced('Picked up Video 2, at position 2 of 1000.')
    expect(new Set(drawn)).toEqual(new Set(['Video 2']))
  })

  // Each slot crossed re-renders the list (its drop line); a 1,000-video drag crosses hundreds.
  it('renders no row again as the lifted one crosses slots', async () => {
    const drawn = await renderCountingRows()
    await userEvent.keyboard(' ')
    await expectAnnounced('Picked up Video 2, at position 2 of 1000.')
    drawn.length = 0
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}')
    await expectAnnounced('Video 2 is over position 6 of 1000.')
    // The drop line follows the keys; the rows, the lifted one too, stay as they were drawn.
    expect(drawn).toEqual([])
  })
})
