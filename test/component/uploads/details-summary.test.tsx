import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toLocalInputValue } from '@/lib/schedule-window'
import { renderForm, serveApi } from './support/details-harness'

beforeEach(() => {
  localStorage.clear()
  serveApi()
})
afterEach(() => vi.unstubAllGlobals())

const summary = () => screen.getByText(/ · /)

describe('details for every file, folded', () => {
  it('says in a line what every file gets, and follows each change', async () => {
    renderForm()
    await waitFor(() =>
      expect(summary()).toHaveTextContent(
        'Aurora Outfitters · Public · published now · no products',
      ),
    )
    await userEvent.click(screen.getByRole('radio', { name: 'Private' }))
    await userEvent.click(screen.getByRole('radio', { name: 'Save as draft' }))
    expect(summary()).toHaveTextContent('Aurora Outfitters · Private · saved as drafts')

    await userEvent.click(screen.getByRole('radio', { name: 'Schedule' }))
    expect(summary()).toHaveTextContent('scheduled (time to choose)')
    const at = new Date(Date.now() + 2 * 24 * 3600_000)
    at.setSeconds(0, 0)
    fireEvent.change(screen.getByLabelText('Publish at'), {
      target: { value: toLocalInputValue(at) },
    })
    expect(summary()).toHaveTextContent(/scheduled for .+ · no products/)
  })

  it('unfolds and folds the fields with one button, and a mistake unfolds them', async () => {
    renderForm()
    const toggle = screen.getByRole('button', { name: 'Edit details' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await userEvent.click(toggle)
    expect(screen.getByRole('button', { name: 'Hide details' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Hide details' }))
    await userEvent.type(screen.getByLabelText('Hashtags'), 'x'.repeat(101))
    expect(screen.getByRole('button', { name: 'Hide details' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
  })
})
