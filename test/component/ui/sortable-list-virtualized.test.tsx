import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  expectAnnounced,
  Harness,
  stubViewportHeight,
  thousand,
  violations,
} from './support/sortable-list-harness'

const { ids, titles, virtualized } = thousand

beforeEach(() => stubViewportHeight())
afterEach(() => vi.restoreAllMocks())

function rows() {
  return within(screen.getByRole('list', { name: 'Tag order' })).getAllByRole('listitem')
}

describe('SortableList, virtualized', () => {
  it('renders only a window of a 1,000-item list, each row telling its place in the whole', async () => {
    const { container } = render(
      <Harness initial={ids} titles={titles} virtualized={virtualized} />,
    )
    // 480 px of 48 px rows is 10 in view, plus a few rendered ahead for smooth scrolling.
    await waitFor(() => expect(rows().length).toBeGreaterThanOrEqual(10))
    expect(rows().length).toBeLessThan(30)
    expect(rows()[0]).toHaveTextContent('Video 1')
    expect(rows()[0]).toHaveAttribute('aria-posinset', '1')
    expect(rows()[0]).toHaveAttribute('aria-setsize', '1000')
    expect(screen.queryByText('Video 500')).toBeNull()
    expect(await violations(container)).toEqual([])
  })

  it('moves a row far outside the window from its menu, then shows it there with focus on its menu button', async () => {
    const onMove = vi.fn()
    render(<Harness initial={ids} titles={titles} virtualized={virtualized} onMove={onMove} />)
    await waitFor(() => expect(rows().length).toBeGreaterThanOrEqual(10))

    await userEvent.click(screen.getByRole('button', { name: 'Move Video 3' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Move to position…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Move Video 3' })
    const input = within(dialog).getByRole('textbox', { name: 'New position (1 to 1000)' })
    await userEvent.type(input, '1001{Enter}')
    expect(input).toHaveAccessibleDescription('Enter a whole number from 1 to 1000.')
    await userEvent.clear(input)
    await userEvent.type(input, '900{Enter}')

    expect(onMove).toHaveBeenCalledExactlyOnceWith({ ids: ['v3'], toIndex: 899 })
    await expectAnnounced('Video 3 moved to position 900 of 1000.')
    const menuButton = await screen.findByRole('button', { name: 'Move Video 3' })
    await waitFor(() => expect(menuButton).toHaveFocus())
    const moved = menuButton.closest('li')
    expect(moved).toHaveAttribute('aria-posinset', '900')
    // The list scrolled to it, and its neighbours are rendered around it.
    const viewport = screen.getByRole('list', { name: 'Tag order' }).parentElement as HTMLElement
    expect(viewport.scrollTop).toBeGreaterThan(40_000)
    // A browser reports a programmatic scroll with a scroll event; happy-dom does not.
    fireEvent.scroll(viewport)
    await waitFor(() => expect(screen.getByText('Video 901')).toBeInTheDocument())
    expect(screen.getByText('Video 899')).toBeInTheDocument()
    expect(rows().length).toBeLessThan(40)
  })

  it('moves a row to the bottom of the whole list, not of the window', async () => {
    const onMove = vi.fn()
    render(<Harness initial={ids} titles={titles} virtualized={virtualized} onMove={onMove} />)
    await waitFor(() => expect(rows().length).toBeGreaterThanOrEqual(10))
    await userEvent.click(screen.getByRole('button', { name: 'Move Video 2' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Move to bottom' }))
    expect(onMove).toHaveBeenCalledExactlyOnceWith({ ids: ['v2'], toIndex: 999 })
    await expectAnnounced('Video 2 moved to position 1000 of 1000.')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Video 2' })).toHaveFocus())
    expect(screen.getByRole('button', { name: 'Move Video 2' }).closest('li')).toHaveAttribute(
      'aria-posinset',
      '1000',
    )
  })
  it('keeps a focused row scrolled out of view after the rows in view, and drops it among them without taking its focus away', async () => {
    const onMove = vi.fn()
    render(<Harness initial={ids} titles={titles} virtualized={virtualized} onMove={onMove} />)
    const handle = await screen.findByRole('button', { name: 'Reorder Video 1' })
    handle.focus()
    const viewport = screen.getByRole('list', { name: 'Tag order' }).parentElement as HTMLElement
    viewport.scrollTop = 20 * 48
    fireEvent.scroll(viewport)
    await waitFor(() => expect(screen.getByText('Video 30')).toBeInTheDocument())
    const row = handle.closest('li')
    const places = rows().map((each) => Number(each.getAttribute('aria-posinset')))
    expect(rows().at(-1)).toBe(row)
    expect(places.slice(0, -1)).toEqual([...places.slice(0, -1)].sort((a, b) => a - b))
    expect(places[0]).toBeGreaterThan(1)

    let blurs = 0
    handle.addEventListener('blur', () => blurs++)
    await userEvent.keyboard(' ')
    await expectAnnounced('Picked up Video 1, at position 1 of 1000.')
    await userEvent.keyboard('{ArrowDown}'.repeat(24))
    await expectAnnounced('Video 1 is over position 25 of 1000.')
    await userEvent.keyboard(' ')
    await expectAnnounced('Video 1 moved to position 25 of 1000.')
    expect(onMove).toHaveBeenCalledExactlyOnceWith({ ids: ['v1'], toIndex: 24 })
    await waitFor(() => expect(row).toHaveAttribute('aria-posinset', '25'))
    expect(handle).toHaveFocus()
    expect(blurs).toBe(0)
  })
})
