import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { expectAnnounced, Harness, shownOrder, violations } from './support/sortable-list-harness'

const initial = ['dress', 'shirt', 'hat', 'tote', 'shoes']

async function choose(trigger: string, item: string) {
  await userEvent.click(screen.getByRole('button', { name: trigger }))
  await userEvent.click(await screen.findByRole('menuitem', { name: item }))
}

describe('SortableList move-to menu', () => {
  it('moves a row to the top and to the bottom, keeps focus on its menu button, and says so', async () => {
    const onMove = vi.fn()
    render(<Harness initial={initial} onMove={onMove} />)

    await choose('Move Straw hat', 'Move to top')
    expect(onMove).toHaveBeenLastCalledWith({ ids: ['hat'], toIndex: 0 })
    expect(shownOrder()[0]).toBe('Straw hat')
    await expectAnnounced('Straw hat moved to position 1 of 5.')
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move Straw hat' })).toHaveFocus(),
    )

    await choose('Move Straw hat', 'Move to bottom')
    expect(onMove).toHaveBeenLastCalledWith({ ids: ['hat'], toIndex: 4 })
    expect(shownOrder()).toEqual([
      'Summer dress',
      'Linen shirt',
      'Canvas tote',
      'Espadrilles',
      'Straw hat',
    ])
    await expectAnnounced('Straw hat moved to position 5 of 5.')
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move Straw hat' })).toHaveFocus(),
    )
  })

  it('offers no move that would change nothing, and says why', async () => {
    render(<Harness initial={initial} />)
    await userEvent.click(screen.getByRole('button', { name: 'Move Summer dress' }))
    const top = await screen.findByRole('menuitem', { name: 'Move to top' })
    expect(top).toHaveAttribute('aria-disabled', 'true')
    expect(top).toHaveAccessibleDescription('Already at the top')
    expect(screen.getByRole('menuitem', { name: 'Move to bottom' })).not.toHaveAttribute(
      'aria-disabled',
    )
    expect(await violations(document.body)).toEqual([])
    await userEvent.keyboard('{Escape}')

    await userEvent.click(screen.getByRole('button', { name: 'Move Espadrilles' }))
    expect(
      await screen.findByRole('menuitem', { name: 'Move to bottom' }),
    ).toHaveAccessibleDescription('Already at the bottom')
  })

  it('moves to a typed position, refusing anything outside 1..N with a message and keeping what was typed', async () => {
    const onMove = vi.fn()
    render(<Harness initial={initial} onMove={onMove} />)
    await choose('Move Summer dress', 'Move to position…')

    const dialog = await screen.findByRole('dialog', { name: 'Move Summer dress' })
    expect(dialog).toHaveAccessibleDescription('Now at position 1 of 5.')
    const input = within(dialog).getByRole('textbox', { name: 'New position (1 to 5)' })
    await waitFor(() => expect(input).toHaveFocus())
    expect(await violations(dialog)).toEqual([])

    for (const typed of ['9', '0', '2.5', 'two', '']) {
      await userEvent.clear(input)
      if (typed) await userEvent.type(input, typed)
      await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }))
      expect(input).toHaveAttribute('aria-invalid', 'true')
      expect(input).toHaveAccessibleDescription('Enter a whole number from 1 to 5.')
      expect(input).toHaveValue(typed)
    }
    expect(onMove).not.toHaveBeenCalled()
    expect(await violations(dialog)).toEqual([])

    await userEvent.clear(input)
    await userEvent.type(input, '4{Enter}')
    expect(onMove).toHaveBeenCalledExactlyOnceWith({ ids: ['dress'], toIndex: 3 })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(shownOrder()).toEqual([
      'Linen shirt',
      'Straw hat',
      'Canvas tote',
      'Summer dress',
      'Espadrilles',
    ])
    await expectAnnounced('Summer dress moved to position 4 of 5.')
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move Summer dress' })).toHaveFocus(),
    )
  })

  it('cancelling the position dialog moves nothing and returns focus to the menu button', async () => {
    const onMove = vi.fn()
    render(<Harness initial={initial} onMove={onMove} />)
    await choose('Move Canvas tote', 'Move to position…')
    const dialog = await screen.findByRole('dialog', { name: 'Move Canvas tote' })
    await userEvent.type(within(dialog).getByRole('textbox'), '1')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))

    expect(screen.queryByRole('dialog')).toBeNull()
    expect(onMove).not.toHaveBeenCalled()
    expect(shownOrder()).toEqual([
      'Summer dress',
      'Linen shirt',
      'Straw hat',
      'Canvas tote',
      'Espadrilles',
    ])
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move Canvas tote' })).toHaveFocus(),
    )
  })

  it('moves the whole selection, in list order, from a selected row', async () => {
    const onMove = vi.fn()
    render(<Harness initial={initial} onMove={onMove} selection={new Set(['shoes', 'shirt'])} />)

    await choose('Move Espadrilles', 'Move 2 selected to top')
    expect(onMove).toHaveBeenLastCalledWith({ ids: ['shirt', 'shoes'], toIndex: 0 })
    expect(shownOrder()).toEqual([
      'Linen shirt',
      'Espadrilles',
      'Summer dress',
      'Straw hat',
      'Canvas tote',
    ])
    await expectAnnounced('Espadrilles and 1 more selected moved to positions 1 to 2 of 5.')

    // Now together at the top: there is nothing above them, and a position counts for the block.
    await userEvent.click(screen.getByRole('button', { name: 'Move Linen shirt' }))
    expect(await screen.findByRole('menuitem', { name: 'Move 2 selected to top' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    await userEvent.click(screen.getByRole('menuitem', { name: 'Move 2 selected to position…' }))
    const dialog = await screen.findByRole('dialog', {
      name: 'Move Linen shirt and 1 more selected',
    })
    const input = within(dialog).getByRole('textbox', { name: 'New position (1 to 4)' })
    await userEvent.type(input, '5{Enter}')
    expect(input).toHaveAccessibleDescription('Enter a whole number from 1 to 4.')
    await userEvent.clear(input)
    await userEvent.type(input, '4{Enter}')
    expect(onMove).toHaveBeenLastCalledWith({ ids: ['shirt', 'shoes'], toIndex: 3 })
    expect(shownOrder()).toEqual([
      'Summer dress',
      'Straw hat',
      'Canvas tote',
      'Linen shirt',
      'Espadrilles',
    ])

    await choose('Move Summer dress', 'Move to bottom')
    expect(onMove).toHaveBeenLastCalledWith({ ids: ['dress'], toIndex: 4 })
  })
})
