import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Menu, type MenuEntry } from '@/components/ui/menu'
import { axeViolations as violations } from '../support/axe'

function renderMenu() {
  const chosen = vi.fn()
  const items: MenuEntry[] = [
    { label: 'Edit details', onSelect: () => chosen('edit') },
    { label: 'Duplicate', onSelect: () => chosen('duplicate') },
    { label: 'Move to top', onSelect: () => chosen('top'), disabledReason: 'Already at the top' },
    'separator',
    { label: 'Delete', onSelect: () => chosen('delete') },
  ]
  render(
    <main>
      <Menu label="Actions for Summer dress" items={items} />
    </main>,
  )
  return { chosen, trigger: screen.getByRole('button', { name: 'Actions for Summer dress' }) }
}

describe('Menu', () => {
  it('opens from its named trigger, lists its items and a separator, and passes axe open and closed', async () => {
    const { trigger } = renderMenu()
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu')
    expect(trigger).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('menu')).toBeNull()
    expect(await violations(document.body)).toEqual([])

    await userEvent.click(trigger)
    const menu = await screen.findByRole('menu', { name: 'Actions for Summer dress' })
    expect(trigger).toHaveAttribute('aria-expanded', 'true')
    expect(
      Array.from(menu.querySelectorAll('[role="menuitem"]'), (item) =>
        item.getAttribute('aria-labelledby'),
      ).map((id) => document.getElementById(id ?? '')?.textContent),
    ).toEqual(['Edit details', 'Duplicate', 'Move to top', 'Delete'])
    expect(screen.getByRole('separator')).toBeInTheDocument()
    expect(await violations(document.body)).toEqual([])
  })

  it('keeps a disabled item reachable, says why, and does not run it', async () => {
    const { chosen } = renderMenu()
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Summer dress' }))
    const moveToTop = await screen.findByRole('menuitem', { name: 'Move to top' })
    expect(moveToTop).toHaveAttribute('aria-disabled', 'true')
    expect(moveToTop).toHaveAccessibleDescription('Already at the top')

    await userEvent.keyboard('{End}{ArrowUp}')
    expect(moveToTop).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    expect(chosen).not.toHaveBeenCalled()
    expect(screen.getByRole('menu')).toBeInTheDocument()
  })

  it('is driven by the keyboard: arrows, Home/End, typeahead, Enter, and Escape back to the trigger', async () => {
    const { chosen, trigger } = renderMenu()
    trigger.focus()
    await userEvent.keyboard('{Enter}')
    const item = (name: string) => screen.getByRole('menuitem', { name })
    await waitFor(() => expect(item('Edit details')).toHaveFocus())

    await userEvent.keyboard('{ArrowDown}')
    expect(item('Duplicate')).toHaveFocus()
    await userEvent.keyboard('{End}')
    expect(item('Delete')).toHaveFocus()
    await userEvent.keyboard('{Home}')
    expect(item('Edit details')).toHaveFocus()
    await userEvent.keyboard('{ArrowUp}')
    expect(item('Delete')).toHaveFocus()
    await userEvent.keyboard('d')
    expect(item('Duplicate')).toHaveFocus()

    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    expect(trigger).toHaveFocus()
    expect(chosen).not.toHaveBeenCalled()

    await userEvent.keyboard('{ArrowDown}')
    await waitFor(() => expect(item('Edit details')).toHaveFocus())
    await userEvent.keyboard('{ArrowDown}{Enter}')
    expect(chosen).toHaveBeenCalledExactlyOnceWith('duplicate')
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    expect(trigger).toHaveFocus()
  })
})
