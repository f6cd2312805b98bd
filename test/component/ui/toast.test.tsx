import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Button } from '@/components/ui/button'
import { ShortcutsProvider } from '@/components/ui/shortcuts'
import { type ToastOptions, ToastProvider, useToast } from '@/components/ui/toast'
import { axeViolations } from '../support/axe'

function Trigger({ message, options }: { message: string; options?: ToastOptions }) {
  const toast = useToast()
  return <Button onClick={() => toast(message, options)}>Show {message}</Button>
}

function renderWith(...triggers: { message: string; options?: ToastOptions }[]) {
  return render(
    <ShortcutsProvider>
      <ToastProvider>
        {triggers.map((trigger) => (
          <Trigger key={trigger.message} {...trigger} />
        ))}
      </ToastProvider>
    </ShortcutsProvider>,
  )
}

const notifications = () => screen.getByRole('region', { name: 'Notifications' })

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('Toast', () => {
  it('announces results politely and failures assertively; results leave by themselves', () => {
    renderWith({ message: 'Saved' }, { message: 'Could not save', options: { tone: 'danger' } })
    fireEvent.click(screen.getByRole('button', { name: 'Show Saved' }))
    fireEvent.click(screen.getByRole('button', { name: 'Show Could not save' }))
    expect(screen.getByText('Saved').closest('[aria-live]')).toHaveAttribute('aria-live', 'polite')
    expect(screen.getByText('Could not save').closest('[aria-live]')).toHaveAttribute(
      'aria-live',
      'assertive',
    )
    act(() => vi.advanceTimersByTime(6_000))
    expect(screen.queryByText('Saved')).not.toBeInTheDocument()
    act(() => vi.advanceTimersByTime(60_000))
    expect(screen.getByText('Could not save')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }))
    expect(screen.queryByText('Could not save')).not.toBeInTheDocument()
  })

  it('offers an action such as Undo, which runs once and dismisses the toast', () => {
    const undo = vi.fn()
    renderWith({
      message: 'Removed 3 videos',
      options: { action: { label: 'Undo', onAction: undo } },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Show Removed 3 videos' }))
    // A toast with an action waits longer than one without, so there is time to reach it.
    act(() => vi.advanceTimersByTime(6_000))
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }))
    expect(undo).toHaveBeenCalledOnce()
    expect(screen.queryByText('Removed 3 videos')).not.toBeInTheDocument()
  })

  it('F8 moves focus to the newest toast, and a toast does not leave while it has focus', async () => {
    const { container } = renderWith({
      message: 'Removed 3 videos',
      options: { action: { label: 'Undo', onAction: () => {} } },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Show Removed 3 videos' }))
    fireEvent.keyDown(document.body, { key: 'F8' })
    const dismiss = screen.getByRole('button', { name: 'Dismiss notification' })
    expect(dismiss).toHaveFocus()
    act(() => vi.advanceTimersByTime(30_000))
    expect(screen.getByText('Removed 3 videos')).toBeInTheDocument()
    vi.useRealTimers()
    expect(await axeViolations(container)).toEqual([])
    vi.useFakeTimers()

    fireEvent.focusOut(dismiss, { relatedTarget: document.body })
    act(() => vi.advanceTimersByTime(10_000))
    expect(screen.queryByText('Removed 3 videos')).not.toBeInTheDocument()
    expect(notifications()).toBeInTheDocument()
  })

  it('keeps at most five, dropping the oldest', () => {
    const messages = Array.from({ length: 7 }, (_, n) => ({
      message: `Failed ${n + 1}`,
      options: { tone: 'danger' } as const,
    }))
    renderWith(...messages)
    for (const { message } of messages)
      fireEvent.click(screen.getByRole('button', { name: `Show ${message}` }))
    expect(screen.getAllByText(/^Failed/).map((toast) => toast.textContent)).toEqual([
      'Failed 3',
      'Failed 4',
      'Failed 5',
      'Failed 6',
      'Failed 7',
    ])
  })

  it('shows one toast per kind, updated in place, its Undo named after what it undoes', () => {
    const undo = { first: vi.fn(), second: vi.fn() }
    renderWith(
      {
        message: 'Moved “Spring drop” to position 3 of 9.',
        options: {
          kind: 'playlist change',
          action: { label: 'Undo', name: 'Undo move of “Spring drop” to 3', onAction: undo.first },
        },
      },
      {
        message: 'Removed “Intro” from the playlist.',
        options: {
          kind: 'playlist change',
          action: { label: 'Undo', name: 'Undo removal of “Intro”', onAction: undo.second },
        },
      },
    )
    fireEvent.click(screen.getByRole('button', { name: /^Show Moved/ }))
    expect(
      screen.getByRole('button', { name: 'Undo move of “Spring drop” to 3' }),
    ).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(8_000))
    fireEvent.click(screen.getByRole('button', { name: /^Show Removed/ }))

    expect(within(notifications()).getAllByRole('button', { name: /^Undo/ })).toHaveLength(1)
    expect(within(notifications()).queryByText(/Spring drop/)).not.toBeInTheDocument()
    expect(screen.getByText('Removed “Intro” from the playlist.')).toBeInTheDocument()
    // The update starts the toast's time again: it outlasts what was left of the first.
    act(() => vi.advanceTimersByTime(8_000))
    fireEvent.click(screen.getByRole('button', { name: 'Undo removal of “Intro”' }))
    expect(undo.second).toHaveBeenCalledOnce()
    expect(undo.first).not.toHaveBeenCalled()
  })

  it('replaces a repeat of the same message instead of stacking it', () => {
    renderWith({ message: 'Poster order saved.' })
    for (let n = 0; n < 3; n++)
      fireEvent.click(screen.getByRole('button', { name: 'Show Poster order saved.' }))
    expect(screen.getAllByText('Poster order saved.')).toHaveLength(1)
  })
})
