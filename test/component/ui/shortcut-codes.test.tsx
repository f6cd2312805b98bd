import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { codeLabel } from '@/components/ui/key-labels'
import { type Shortcut, ShortcutsProvider, useShortcuts } from '@/components/ui/shortcuts'

function Screen({ shortcuts }: { shortcuts: Shortcut[] }) {
  useShortcuts('Match review', shortcuts)
  return <input aria-label="Search" />
}

function renderKeys(onKeys: { accept: () => void; all: () => void; library: () => void }) {
  render(
    <ShortcutsProvider>
      <Screen
        shortcuts={[
          { keys: [], codes: ['KeyA'], description: 'Accept', onKey: onKeys.accept },
          { keys: [], codes: ['Shift+KeyA'], description: 'Accept all', onKey: onKeys.all },
          { keys: ['j'], description: 'Next by its letter', onKey: onKeys.library },
        ]}
      />
    </ShortcutsProvider>,
  )
}

// An AZERTY layout as Chromium reports it: the key where A is on QWERTY prints Q.
beforeAll(() => {
  vi.stubGlobal('navigator', {
    ...navigator,
    keyboard: { getLayoutMap: async () => new Map([['KeyA', 'q']]) },
  })
})
afterAll(() => vi.unstubAllGlobals())

describe('shortcuts by physical key', () => {
  it('matches KeyboardEvent.code whatever the letter the layout gives', () => {
    const onKeys = { accept: vi.fn(), all: vi.fn(), library: vi.fn() }
    renderKeys(onKeys)
    // AZERTY: the physical A key types "q"; the Q key types "a".
    fireEvent.keyDown(document.body, { key: 'q', code: 'KeyA' })
    fireEvent.keyDown(document.body, { key: 'a', code: 'KeyQ' })
    expect(onKeys.accept).toHaveBeenCalledTimes(1)
    expect(onKeys.all).not.toHaveBeenCalled()

    fireEvent.keyDown(document.body, { key: 'Q', code: 'KeyA', shiftKey: true })
    expect(onKeys.all).toHaveBeenCalledTimes(1)
    expect(onKeys.accept).toHaveBeenCalledTimes(1)

    // Browser shortcuts stay the browser's; letters by `key` still work beside codes.
    fireEvent.keyDown(document.body, { key: 'q', code: 'KeyA', ctrlKey: true })
    fireEvent.keyDown(document.body, { key: 'j', code: 'KeyJ' })
    expect(onKeys.accept).toHaveBeenCalledTimes(1)
    expect(onKeys.library).toHaveBeenCalledTimes(1)
  })

  it('lists a physical key by the character the layout gives it', async () => {
    renderKeys({ accept: vi.fn(), all: vi.fn(), library: vi.fn() })
    await userEvent.keyboard('?')
    // The help's code loads when it is first opened, which a busy machine slows.
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Keyboard shortcuts' },
      { timeout: 5_000 },
    )
    const review = within(dialog).getByRole('region', { name: 'Match review' })
    await within(review).findByText('Q', {}, { timeout: 5_000 })
    expect(within(review).getByText('Shift+Q')).toBeInTheDocument()
  })

  it('prints a code as on a US keyboard where the layout is unknown', () => {
    expect(codeLabel('KeyA')).toBe('A')
    expect(codeLabel('Shift+Digit1')).toBe('Shift+1')
    expect(codeLabel('Slash')).toBe('/')
    expect(codeLabel('ArrowDown')).toBe('↓')
    expect(codeLabel('Enter', new Map([['Enter', '\n']]))).toBe('Enter')
  })
})
