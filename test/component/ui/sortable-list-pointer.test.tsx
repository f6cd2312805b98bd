import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  expectAnnounced,
  Harness,
  renderHearing,
  rowHeight,
  shownOrder,
  stubRowLayout,
} from './support/sortable-list-harness'

const initial = ['dress', 'shirt', 'hat', 'tote', 'shoes']

beforeEach(() => stubRowLayout())
afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
})

// The pointer is put in the middle of a row, by the layout the harness gives rows.
const rowMiddle = (index: number) => index * rowHeight + rowHeight / 2

function press(name: string, index: number) {
  fireEvent.mouseDown(screen.getByRole('button', { name }), {
    button: 0,
    clientX: 20,
    clientY: rowMiddle(index),
  })
}
const moveTo = (y: number) => fireEvent.mouseMove(document, { clientX: 20, clientY: y })

describe('SortableList with a mouse', () => {
  it('drags a row by its handle to where the pointer lets go', async () => {
    const onMove = vi.fn()
    render(<Harness initial={initial} onMove={onMove} />)
    press('Reorder Summer dress', 0)
    moveTo(rowMiddle(0) + 10)
    await expectAnnounced('Picked up Summer dress, at position 1 of 5.')
    moveTo(rowMiddle(3))
    await expectAnnounced('Summer dress is over position 4 of 5.')
    fireEvent.mouseUp(document, { clientX: 20, clientY: rowMiddle(3) })

    await expectAnnounced('Summer dress moved to position 4 of 5.')
    expect(onMove).toHaveBeenCalledExactlyOnceWith({ ids: ['dress'], toIndex: 3 })
    expect(shownOrder()).toEqual([
      'Linen shirt',
      'Straw hat',
      'Canvas tote',
      'Summer dress',
      'Espadrilles',
    ])
  })

  it('tells its caller the row is let go before it hears of the move, and only during a drag', async () => {
    const heard = renderHearing(initial)
    fireEvent.mouseUp(document, { clientX: 20, clientY: rowMiddle(1) })
    press('Reorder Summer dress', 0)
    moveTo(rowMiddle(0) + 10)
    await expectAnnounced('Picked up Summer dress, at position 1 of 5.')
    moveTo(rowMiddle(2))
    await expectAnnounced('Summer dress is over position 3 of 5.')
    expect(heard).toEqual([])
    fireEvent.mouseUp(document, { clientX: 20, clientY: rowMiddle(2) })
    await expectAnnounced('Summer dress moved to position 3 of 5.')
    expect(heard).toEqual(['let go', 'move'])
  })

  it('keeps a selection under the pointer as it folds, and says where that is', async () => {
    const onMove = vi.fn()
    render(<Harness initial={initial} onMove={onMove} selection={new Set(['dress', 'hat'])} />)
    press('Reorder Straw hat', 2)
    moveTo(rowMiddle(2) + 5)
    // Summer dress folds in, the rows move up a place, and the pointer is now over Canvas tote's.
    await expectAnnounced('Picked up Straw hat and 1 more selected, at positions 3 to 4 of 5.')
    expect(shownOrder()).toEqual(['Linen shirt', 'Straw hat', 'Canvas tote', 'Espadrilles'])
    fireEvent.mouseUp(document, { clientX: 20, clientY: rowMiddle(2) + 5 })

    await expectAnnounced('Straw hat and 1 more selected moved to positions 3 to 4 of 5.')
    expect(onMove).toHaveBeenCalledExactlyOnceWith({ ids: ['dress', 'hat'], toIndex: 2 })
    expect(shownOrder()).toEqual([
      'Linen shirt',
      'Canvas tote',
      'Summer dress',
      'Straw hat',
      'Espadrilles',
    ])
  })

  it('a press that moves less than a few pixels starts no drag', () => {
    const onMove = vi.fn()
    render(<Harness initial={initial} onMove={onMove} />)
    press('Reorder Straw hat', 2)
    moveTo(rowMiddle(2) + 2)
    expect(screen.getByRole('button', { name: 'Reorder Straw hat' })).not.toHaveAttribute(
      'aria-pressed',
      'true',
    )
    fireEvent.mouseUp(document, { clientX: 20, clientY: rowMiddle(2) + 2 })
    expect(onMove).not.toHaveBeenCalled()
  })
})

describe('SortableList with a finger', () => {
  const finger = (y: number) => ({ touches: [{ clientX: 20, clientY: y }] })
  const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms))
  const handle = () => screen.getByRole('button', { name: 'Reorder Summer dress' })

  // dnd-kit's touch sensor waits out the press delay with setTimeout.
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }))

  it('drags after a short press on the handle', () => {
    const onMove = vi.fn()
    render(<Harness initial={initial} onMove={onMove} />)
    fireEvent.touchStart(handle(), finger(rowMiddle(0)))
    wait(250)
    expect(handle()).toHaveAttribute('aria-pressed', 'true')
    fireEvent.touchMove(document, finger(rowMiddle(2)))
    fireEvent.touchEnd(document, finger(rowMiddle(2)))
    expect(onMove).toHaveBeenCalledExactlyOnceWith({ ids: ['dress'], toIndex: 2 })
    expect(shownOrder()[2]).toBe('Summer dress')
  })

  it('leaves a swipe that starts on the handle to scroll the page', () => {
    const onMove = vi.fn()
    render(<Harness initial={initial} onMove={onMove} />)
    fireEvent.touchStart(handle(), finger(rowMiddle(0)))
    wait(50)
    fireEvent.touchMove(document, finger(rowMiddle(0) + 30))
    wait(300)
    expect(handle()).not.toHaveAttribute('aria-pressed', 'true')
    fireEvent.touchEnd(document, finger(rowMiddle(0) + 30))
    expect(onMove).not.toHaveBeenCalled()
  })
})
