import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi } from '../support/fake-api'
import { makeVideo } from '../support/fixtures'
import { renderEditForm } from './support/render'

afterEach(() => vi.unstubAllGlobals())

describe('edit form: discard', () => {
  it('puts back the stored values, rows and hashtags, and clears the errors', async () => {
    fakeApi({})
    renderEditForm(makeVideo())

    await userEvent.click(screen.getByRole('button', { name: 'Add custom field' }))
    await userEvent.type(screen.getByLabelText('Key 3'), 'Bad Key')
    await userEvent.type(screen.getByLabelText('Caption'), ' (draft)')
    await userEvent.type(screen.getByLabelText('Hashtags'), '#extra{Enter}')
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(screen.getByLabelText('Key 3')).toHaveAttribute('aria-invalid', 'true')

    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }))

    expect(screen.queryByLabelText('Key 3')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Caption')).toHaveValue('Aurora sneakers in motion')
    expect(screen.queryByText('#extra')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument()
  })
})
