import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { axeViolations } from '../support/axe'

function DeleteButton({ onDelete, busy = false }: { onDelete: () => void; busy?: boolean }) {
  const [asking, setAsking] = useState(false)
  return (
    <>
      <Button onClick={() => setAsking(true)}>Delete poster</Button>
      {asking ? (
        <ConfirmDialog
          title="Delete this poster?"
          confirmLabel="Delete poster"
          tone="danger"
          busy={busy}
          onConfirm={() => {
            onDelete()
            setAsking(false)
          }}
          onCancel={() => setAsking(false)}
        >
          The player stops showing it at once.
        </ConfirmDialog>
      ) : null}
    </>
  )
}

describe('ConfirmDialog', () => {
  it('asks with a title and explanation, starting on the safe choice', async () => {
    render(<DeleteButton onDelete={() => {}} />)
    await userEvent.click(screen.getByRole('button', { name: 'Delete poster' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete this poster?' })
    expect(dialog).toHaveAccessibleDescription('The player stops showing it at once.')
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus()
    expect(await axeViolations(dialog)).toEqual([])
  })

  it('does nothing on Cancel or Escape, and focus returns to where it was', async () => {
    const remove = vi.fn()
    render(<DeleteButton onDelete={remove} />)
    const opener = screen.getByRole('button', { name: 'Delete poster' })
    await userEvent.click(opener)
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(opener).toHaveFocus()

    await userEvent.click(opener)
    screen
      .getByRole('dialog')
      .dispatchEvent(new Event('cancel', { bubbles: false, cancelable: true }))
    expect(await screen.findByRole('button', { name: 'Delete poster' })).toHaveFocus()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(remove).not.toHaveBeenCalled()
  })

  it('acts on confirm', async () => {
    const remove = vi.fn()
    render(<DeleteButton onDelete={remove} />)
    await userEvent.click(screen.getByRole('button', { name: 'Delete poster' }))
    const dialog = screen.getByRole('dialog')
    await userEvent.click(
      [...dialog.querySelectorAll('button')].find(
        (b) => b.textContent === 'Delete poster',
      ) as HTMLElement,
    )
    expect(remove).toHaveBeenCalledOnce()
  })

  it('while busy neither button can be pressed and Escape does not close it', async () => {
    render(<DeleteButton onDelete={() => {}} busy />)
    await userEvent.click(screen.getByRole('button', { name: 'Delete poster' }))
    const dialog = screen.getByRole('dialog')
    for (const button of dialog.querySelectorAll('button')) expect(button).toBeDisabled()
    dialog.dispatchEvent(new Event('cancel', { cancelable: true }))
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })
})
