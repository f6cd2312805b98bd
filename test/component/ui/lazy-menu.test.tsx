import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { LazyMenu } from '@/components/ui/lazy-menu'
import type { MenuEntry } from '@/components/ui/menu'
import { axeViolations as violations } from '../support/axe'

function renderMenu() {
  const chosen = vi.fn()
  const triggers: Array<HTMLButtonElement | null> = []
  const items: MenuEntry[] = [
    { label: 'Move to top', onSelect: () => chosen('top') },
    { label: 'Move to bottom', onSelect: () => chosen('bottom') },
    { label: 'Move to position…', onSelect: () => chosen('position') },
  ]
  const { unmount } = render(
    <main>
      <LazyMenu
        label="Move Summer dress"
        items={items}
        triggerRef={(element) => {
          triggers.push(element)
        }}
      />
    </main>,
  )
  const trigger = () => screen.getByRole('button', { name: 'Move Summer dress' })
  return { chosen, trigger, triggers, unmount }
}

describe('LazyMenu', () => {
  it('is a named menu trigger before its first use, and passes axe', async () => {
    const { trigger, triggers } = renderMenu()
    expect(trigger()).toHaveAttribute('aria-haspopup', 'menu')
    expect(trigger()).toHaveAttribute('aria-expanded', 'false')
    expect(triggers.at(-1)).toBe(trigger())
    expect(screen.queryByRole('menu')).toBeNull()
    expect(await violations(document.body)).toEqual([])
  })

  it('opens from the keyboard on its first use with focus on the first item, and Escape returns to the trigger', async () => {
    const { chosen, trigger, triggers } = renderMenu()
    trigger().focus()
    await userEvent.keyboard('{Enter}')
    const item = (name: string) => screen.getByRole('menuitem', { name })
    await waitFor(() => expect(item('Move to top')).toHaveFocus())
    expect(screen.getByRole('menu', { name: 'Move Summer dress' })).toBeInTheDocument()
    expect(triggers.at(-1)).toBe(trigger())

    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    expect(trigger()).toHaveFocus()
    await userEvent.keyboard('{ArrowDown}')
    await waitFor(() => expect(item('Move to top')).toHaveFocus())
    await userEvent.keyboard('{ArrowDown}{Enter}')
    expect(chosen).toHaveBeenCalledExactlyOnceWith('bottom')
  })

  it('opens on the last item with the up arrow, and from a click', async () => {
    const first = renderMenu()
    first.trigger().focus()
    await userEvent.keyboard('{ArrowUp}')
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Move to position…' })).toHaveFocus(),
    )
    first.unmount()

    const second = renderMenu()
    await userEvent.click(second.trigger())
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Move to top' }))
    expect(second.chosen).toHaveBeenCalledExactlyOnceWith('top')
  })
})
