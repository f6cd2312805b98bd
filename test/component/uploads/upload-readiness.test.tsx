import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { renderForm, serveApi } from './support/details-harness'

beforeEach(() => localStorage.clear())

const warning = () => screen.queryByText(/each video goes live without/)

describe('readiness of videos published from an upload', () => {
  it('says what the team requires and the details leave out, until they are drafts', async () => {
    serveApi({ required: ['caption', 'product', 'poster'] })
    renderForm()
    await waitFor(() =>
      expect(warning()).toHaveTextContent(
        'Published this way, each video goes live without a product, a poster (add one on each video’s page), which your team requires.',
      ),
    )
    await userEvent.click(screen.getByRole('radio', { name: 'Schedule' }))
    expect(warning()).toHaveTextContent(/^Scheduled this way/)
    await userEvent.clear(screen.getByLabelText('Caption'))
    expect(warning()).toHaveTextContent('without a caption, a product, a poster')
    await userEvent.click(screen.getByRole('radio', { name: 'Save as draft' }))
    expect(warning()).toBeNull()
  })

  it('says nothing when every required check is met by the details', async () => {
    serveApi({ required: ['caption', 'product'] })
    renderForm()
    await waitFor(() => expect(warning()).not.toBeNull())
    const search = screen.getByRole('combobox', { name: /Find products/ })
    await userEvent.type(search, 'Ceramic')
    const listbox = await screen.findByRole('listbox', { name: 'Matching products and variants' })
    await waitFor(() => expect(listbox).not.toHaveAttribute('aria-busy'))
    await userEvent.click(await within(listbox).findByRole('option', { name: /Ceramic Mug/ }))
    await waitFor(() => expect(warning()).toBeNull())
  })

  it('says nothing on a server without the index', async () => {
    serveApi()
    renderForm()
    await screen.findByRole('option', { name: 'Aurora Beauty' })
    expect(warning()).toBeNull()
  })
})
