import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { type Shortcut, ShortcutsProvider, useShortcuts } from '@/components/ui/shortcuts'
import { axeViolations } from '../support/axe'

function Screen({ name, shortcuts }: { name: string; shortcuts: Shortcut[] }) {
  useShortcuts(name, shortcuts)
  return (
    <>
      <input aria-label={`${name} search`} />
      <input type="checkbox" aria-label={`${name} choice`} />
    </>
  )
}

function App({ accept }: { accept: () => void }) {
  const [showReview, setShowReview] = useState(true)
  return (
    <ShortcutsProvider>
      <button type="button" onClick={() => setShowReview(false)}>
        Leave review
      </button>
      <Screen
        name="Video library"
        shortcuts={[
          { keys: ['/'], description: 'Search captions', onKey: () => {} },
          { keys: ['j', 'ArrowDown'], description: 'Next video' },
        ]}
      />
      {showReview ? (
        <Screen
          name="Match review"
          shortcuts={[
            { keys: ['a'], description: 'Accept', onKey: accept },
            { keys: ['Shift+A'], description: 'Accept all remaining', onKey: () => accept() },
          ]}
        />
      ) : null}
    </ShortcutsProvider>
  )
}

describe('keyboard shortcuts', () => {
  it('? lists every shown screen’s keys, grouped, in a dialog that closes with Escape', async () => {
    render(<App accept={() => {}} />)
    await userEvent.keyboard('?')
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })
    const library = within(dialog).getByRole('region', { name: 'Video library' })
    expect(within(library).getByText('Next video')).toBeInTheDocument()
    // Arrows are printed as arrows and spoken by name.
    expect(within(library).getByLabelText('Down arrow')).toHaveTextContent('↓')
    expect(within(dialog).getByRole('region', { name: 'Match review' })).toHaveTextContent(
      'Accept all remaining',
    )
    expect(within(dialog).getByRole('region', { name: 'Everywhere' })).toHaveTextContent(
      'Show these keyboard shortcuts',
    )
    expect(await axeViolations(dialog)).toEqual([])
    fireEvent(dialog, new Event('cancel', { cancelable: true }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('runs a screen’s key outside text fields only, and forgets a screen once it is gone', async () => {
    const accept = vi.fn()
    render(<App accept={accept} />)
    await userEvent.keyboard('a')
    expect(accept).toHaveBeenCalledTimes(1)
    await userEvent.click(screen.getByRole('textbox', { name: 'Video library search' }))
    await userEvent.keyboard('a?')
    expect(accept).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    // A checkbox takes no letters, so a row's keys still work while its checkbox has focus.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Match review choice' }))
    await userEvent.keyboard('a')
    expect(accept).toHaveBeenCalledTimes(2)

    await userEvent.click(screen.getByRole('button', { name: 'Leave review' }))
    fireEvent.keyDown(document.body, { key: 'a' })
    expect(accept).toHaveBeenCalledTimes(2)
    await userEvent.keyboard('?')
    expect(screen.getByRole('dialog')).not.toHaveTextContent('Accept')
  })

  it('tells a plain key from its shifted one, and leaves browser shortcuts alone', () => {
    const accept = vi.fn()
    render(<App accept={accept} />)
    fireEvent.keyDown(document.body, { key: 'A', shiftKey: true })
    fireEvent.keyDown(document.body, { key: 'a', ctrlKey: true })
    expect(accept).toHaveBeenCalledTimes(1)
  })
})
