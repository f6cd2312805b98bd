import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Button } from '@/components/ui/button'
import { Menu } from '@/components/ui/menu'
import { SortableList } from '@/components/ui/sortable-list/sortable-list'
import { UnavailableGroup } from '@/components/ui/unavailable-reason'
import { axeViolations } from '../support/axe'

// The visible words a control's aria-describedby names.
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ')

describe('why a control is unavailable', () => {
  it('shows the reason beside a lone button, which stays focusable and does nothing', async () => {
    const press = vi.fn()
    render(
      <main>
        <Button unavailableReason="Editors can create playlists" onClick={press}>
          New playlist
        </Button>
      </main>,
    )
    const button = screen.getByRole('button', { name: 'New playlist' })
    expect(button).toHaveAttribute('aria-disabled', 'true')
    expect(button).not.toBeDisabled()
    expect(screen.getByText('Editors can create playlists')).toBeVisible()
    expect(describedBy(button)).toBe('Editors can create playlists')
    await userEvent.tab()
    expect(button).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await userEvent.click(button)
    expect(press).not.toHaveBeenCalled()
    expect(await axeViolations(document.body)).toEqual([])
  })

  it('shows each reason of a group once, and points every control at its own', async () => {
    render(
      <main>
        <UnavailableGroup>
          <div role="toolbar" aria-label="Videos">
            <Button unavailableReason="Editors can publish videos">Publish</Button>
            <Button unavailableReason="Editors can publish videos">Schedule</Button>
            <Button unavailableReason="Editors can delete videos">Delete</Button>
            <Button>Copy links</Button>
          </div>
        </UnavailableGroup>
      </main>,
    )
    expect(await screen.findAllByText('Editors can publish videos')).toHaveLength(1)
    expect(screen.getAllByText('Editors can delete videos')).toHaveLength(1)
    const named = (name: string) => screen.getByRole('button', { name })
    expect(describedBy(named('Publish'))).toBe('Editors can publish videos')
    expect(describedBy(named('Schedule'))).toBe('Editors can publish videos')
    expect(describedBy(named('Delete'))).toBe('Editors can delete videos')
    expect(named('Copy links')).not.toHaveAttribute('aria-describedby')
    expect(await axeViolations(document.body)).toEqual([])
  })

  it('shows a reason once among a menu’s items, and the items cannot be chosen', async () => {
    const chosen = vi.fn()
    render(
      <Menu
        label="Actions for Spring drop"
        items={[
          { label: 'Rename…', onSelect: chosen, disabledReason: 'Editors can edit playlists' },
          { label: 'Describe…', onSelect: chosen, disabledReason: 'Editors can edit playlists' },
          { label: 'Delete…', onSelect: chosen, disabledReason: 'Editors can delete playlists' },
        ]}
      />,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Spring drop' }))
    const menu = await screen.findByRole('menu')
    expect(within(menu).getAllByText('Editors can edit playlists')).toHaveLength(1)
    const items = within(menu).getAllByRole('menuitem')
    expect(items.map(describedBy)).toEqual([
      'Editors can edit playlists',
      'Editors can edit playlists',
      'Editors can delete playlists',
    ])
    await userEvent.click(items[2] as HTMLElement)
    expect(chosen).not.toHaveBeenCalled()
  })

  const unreorderable = (onMove: () => void) =>
    render(
      <main>
        <SortableList
          label="Videos of Spring drop"
          items={['a', 'b', 'c']}
          caption={(id) => `Video ${id}`}
          renderItem={(id) => <span>Video {id}</span>}
          onMove={onMove}
          unavailableReason="Editors can reorder playlists"
        />
      </main>,
    )

  it('shows a list that cannot be reordered with focusable, described handles that lift nothing', async () => {
    const onMove = vi.fn()
    unreorderable(onMove)
    expect(await screen.findAllByText('Editors can reorder playlists')).toHaveLength(1)
    const handles = screen.getAllByRole('button', { name: /^Reorder/ })
    expect(handles).toHaveLength(3)
    for (const handle of handles) {
      expect(handle).toHaveAttribute('aria-disabled', 'true')
      expect(describedBy(handle)).toBe('Editors can reorder playlists')
    }
    ;(handles[0] as HTMLElement).focus()
    await userEvent.keyboard(' {ArrowDown} ')
    expect(onMove).not.toHaveBeenCalled()
    expect(await axeViolations(document.body)).toEqual([])
  })

  it('disables every move of such a list’s row menus, with the same reason', async () => {
    const onMove = vi.fn()
    unreorderable(onMove)
    await userEvent.click(screen.getAllByRole('button', { name: /^Move/ })[0] as HTMLElement)
    const menu = await screen.findByRole('menu')
    for (const item of within(menu).getAllByRole('menuitem')) {
      expect(item).toHaveAttribute('aria-disabled', 'true')
      expect(describedBy(item)).toBe('Editors can reorder playlists')
    }
    await userEvent.click(within(menu).getAllByRole('menuitem')[1] as HTMLElement)
    expect(onMove).not.toHaveBeenCalled()
  })
})
