import { act, fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { defaultKeyMap, type KeyMap } from '@/api/review'
import KeyMapDialog from '@/features/matches/keys/key-map-dialog'
import { axeViolations } from '../support/axe'
import { type Call, fakeApi, json, refuse, writes } from '../support/fake-api'
import { renderWithProviders } from '../support/render'

afterEach(() => vi.unstubAllGlobals())

function Opener() {
  const [open, setOpen] = useState(true)
  return open ? <KeyMapDialog onClose={() => setOpen(false)} /> : <p>Closed</p>
}

function renderDialog(
  saved: KeyMap = defaultKeyMap,
  put?: (call: Call) => ReturnType<typeof json>,
) {
  const calls = fakeApi({
    'GET /api/dashboard/review/keys': () => json({ keys: saved }),
    'PUT /api/dashboard/review/keys': put ?? ((call) => json(call.body)),
  })
  renderWithProviders(<Opener />)
  return calls
}

const opened = () =>
  screen.findByRole('list', { name: 'Actions and their keys' }, { timeout: 5_000 })

const dialog = () => screen.getByRole('dialog', { name: 'Review keys' })
const row = (action: string) => {
  const item = dialog().querySelector(`li[data-action="${action}"]`)
  if (!(item instanceof HTMLElement)) throw new Error(`no row for ${action}`)
  return item
}
const changeButton = (action: string) => within(row(action)).getByRole('button')

/** Presses Change on the action's row, then the key given as a KeyboardEvent's fields. */
async function press(action: string, key: Partial<KeyboardEventInit>) {
  await userEvent.click(changeButton(action))
  fireEvent.keyDown(changeButton(action), key)
}

describe('the key map dialog', () => {
  it('sets a key by pressing it, shows and refuses a conflict until it is resolved, then saves', async () => {
    const calls = renderDialog()
    await opened()
    expect(within(row('accept')).getByText('A')).toBeInTheDocument()
    expect(await axeViolations(dialog())).toEqual([])

    // AZERTY: the key typing "x" there is still the physical KeyX; what counts is the code.
    await press('accept', { key: 'x', code: 'KeyX' })
    expect(within(row('accept')).getByText(/Same key as Reject the suggestion/)).toBeInTheDocument()
    expect(within(row('reject')).getByText(/Same key as Accept the suggestion/)).toBeInTheDocument()
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Save' }))
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Not saved: Accept the suggestion and Reject the suggestion share X.',
    )
    expect(writes(calls)).toEqual([])
    expect(await axeViolations(dialog())).toEqual([])

    await press('reject', { key: 'z', code: 'KeyY' })
    expect(dialog()).not.toHaveTextContent('Same key as')
    expect(screen.getByRole('status')).toHaveTextContent('Reject the suggestion: now Y.')
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Save' }))
    await screen.findByText('Closed')
    expect(writes(calls)).toEqual([
      {
        method: 'PUT',
        path: '/api/dashboard/review/keys',
        body: { keys: { ...defaultKeyMap, accept: 'KeyX', reject: 'KeyY' } },
      },
    ])
  })

  it('refuses keys the browser or the screen keeps, saying why, and keeps the key', async () => {
    renderDialog()
    await opened()
    await press('submit', { key: 'F5', code: 'F5' })
    expect(
      within(row('submit')).getByText('F5 is the browser’s: it reloads the page.'),
    ).toBeInTheDocument()
    fireEvent.keyDown(changeButton('submit'), { key: 'w', code: 'KeyW', ctrlKey: true })
    expect(
      within(row('submit')).getByText('Ctrl+W is the browser’s: it closes the tab.'),
    ).toBeInTheDocument()
    fireEvent.keyDown(changeButton('submit'), { key: 'ArrowLeft', code: 'ArrowLeft', altKey: true })
    expect(
      within(row('submit')).getByText(/Alt\+← is the browser’s: it goes back a page/),
    ).toBeInTheDocument()
    // Escape ends the wait, is refused too, and leaves the dialog open.
    fireEvent.keyDown(changeButton('submit'), { key: 'Escape', code: 'Escape' })
    expect(screen.getByRole('status')).toHaveTextContent(
      'Esc is the screen’s own: it closes dialogs and lists. Kept Enter for Submit and go to the next video.',
    )
    expect(within(row('submit')).getByText('Enter')).toBeInTheDocument()
    expect(changeButton('submit')).toHaveTextContent('Change')

    await press('undo', { key: 'Tab', code: 'Tab' })
    expect(within(row('undo')).getByText(/Tab is the screen’s own/)).toBeInTheDocument()
    expect(within(row('undo')).getByText('U')).toBeInTheDocument()
  })

  it('exports the keys shown as JSON and imports a file, refusing a bad one with nothing changed', async () => {
    const blobs: Blob[] = []
    const made = Object.getOwnPropertyDescriptor(URL, 'createObjectURL')
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      blobs.push(blob as Blob)
      return 'blob:keys'
    }
    const saved: string[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download)
    })
    onTestFinished(() => {
      click.mockRestore()
      if (made) Object.defineProperty(URL, 'createObjectURL', made)
    })
    const calls = renderDialog({ ...defaultKeyMap, next: 'KeyN' })
    await opened()
    expect(within(row('next')).getByText('N')).toBeInTheDocument()
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Export' }))
    expect(blobs).toHaveLength(1)
    expect(saved).toEqual(['review-keys.json'])
    expect(JSON.parse(await (blobs[0] as Blob).text())).toEqual({
      keys: { ...defaultKeyMap, next: 'KeyN' },
    })

    const input = dialog().querySelector('input[type="file"]') as HTMLInputElement
    const upload = async (text: string) =>
      act(() =>
        userEvent.upload(input, new File([text], 'keys.json', { type: 'application/json' })),
      )

    await upload('{ not json')
    expect(await screen.findByRole('alert')).toHaveTextContent('keys.json: This file is not JSON')
    await upload(JSON.stringify({ keys: { accept: 'KeyQ' } }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'needs a key for each of the seven actions',
    )
    await upload(JSON.stringify({ keys: { ...defaultKeyMap, submit: 'Ctrl+KeyT' } }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Submit and go to the next video: Ctrl+T is the browser’s: it opens a tab. Nothing was changed.',
    )
    await upload(JSON.stringify({ keys: { ...defaultKeyMap, undo: 'KeyA' } }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Accept the suggestion and Undo the last decision share A. Nothing was changed.',
    )
    expect(within(row('next')).getByText('N')).toBeInTheDocument()
    expect(within(row('undo')).getByText('U')).toBeInTheDocument()

    await upload(JSON.stringify({ keys: { ...defaultKeyMap, undo: 'KeyZ' } }))
    await within(row('undo')).findByText('Z')
    expect(within(row('next')).getByText('J')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()

    await userEvent.click(within(dialog()).getByRole('button', { name: 'Reset to defaults' }))
    expect(within(row('undo')).getByText('U')).toBeInTheDocument()
    expect(writes(calls)).toEqual([])
  })

  it('keeps the keys shown when the save fails, with the reason', async () => {
    renderDialog(defaultKeyMap, () => refuse(503, 'The database is busy'))
    await opened()
    await press('accept', { key: 'y', code: 'KeyY' })
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Not saved: The database is busy')
    expect(within(row('accept')).getByText('Y')).toBeInTheDocument()
  })
})
