import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  checkSchedule,
  scheduleBounds,
  scheduleHint,
  toLocalInputValue,
} from '../../../src/lib/schedule-window'
import { axeViolations } from '../support/axe'
import { renderForm, serveApi } from './support/details-harness'

const day = 24 * 60 * 60_000
beforeEach(() => {
  localStorage.clear()
  serveApi()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('details for every file', () => {
  it('offers the business channels, defaulting to the screen channel, and uses the choice', async () => {
    const { details } = renderForm('ch1')
    const select = screen.getByLabelText('Channel')
    await screen.findByRole('option', { name: 'Aurora Beauty' })
    expect(select).toHaveValue('ch1')
    expect(details().channel_id).toBe('ch1')

    await userEvent.selectOptions(select, 'Aurora Beauty')
    expect(details().channel_id).toBe('ch2')
  })

  it('schedules with the schedule rule: a refused time says why and holds the files', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2025-03-02T10:00:00.000Z'))
    const { details, problem } = renderForm()
    await userEvent.click(screen.getByRole('radio', { name: 'Schedule' }))
    const input = screen.getByLabelText('Publish at')
    const bounds = scheduleBounds(new Date())
    expect(input).toHaveAttribute('min', bounds.min)
    expect(input).toHaveAttribute('max', bounds.max)
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone
    expect(input).toHaveAccessibleDescription(expect.stringContaining(scheduleHint(timeZone)))

    const past = toLocalInputValue(new Date(Date.now() - day))
    const check = checkSchedule(past, new Date())
    if (check.ok) throw new Error('a past time is accepted')
    fireEvent.change(input, { target: { value: past } })
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(`${scheduleHint(timeZone)} ${check.message}`),
    )
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(problem()).toBe(`clip.mp4: publish time for every file: ${check.message}`)

    const when = new Date(Date.now() + 3 * day)
    fireEvent.change(input, { target: { value: toLocalInputValue(when) } })
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'false'))
    when.setSeconds(0, 0)
    expect(problem()).toBeNull()
    expect(details()).toMatchObject({ publish: true, published_at: when.toISOString() })

    await userEvent.click(screen.getByRole('radio', { name: 'Save as draft' }))
    expect(screen.queryByLabelText('Publish at')).not.toBeInTheDocument()
    expect(details()).toMatchObject({ publish: false })
    expect(details()).not.toHaveProperty('published_at')
  })

  it('shows the video page message for invalid hashtags', async () => {
    const { problem } = renderForm()
    const input = screen.getByLabelText('Hashtags')
    await userEvent.type(input, 'x'.repeat(101))
    expect(input).toHaveAccessibleDescription(/Each hashtag can have at most 100 characters\./)
    expect(problem()).toBe(
      'clip.mp4: hashtags for every file: Each hashtag can have at most 100 characters.',
    )
    expect(problem({ hashtags: 'fine' })).toBeNull()
  })

  it('tags a product found by searching, with the keyboard only', async () => {
    const { details } = renderForm()
    const user = userEvent.setup()
    const search = screen.getByRole('combobox', { name: 'Find products' })
    await waitFor(() => expect(search).toBeEnabled())
    expect(screen.getByLabelText('Store')).toHaveValue('st-main')

    await user.click(search)
    await user.keyboard('lamp')
    const listbox = screen.getByRole('listbox', { name: 'Matching products' })
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Desk Lamp · Vela', 'Desk Lamp Pro · Kindred']),
    )
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(search).toHaveAttribute(
      'aria-activedescendant',
      within(listbox).getByRole('option', { name: 'Desk Lamp Pro · Kindred' }).id,
    )
    await user.keyboard('{ArrowUp}{Enter}')

    const tagged = screen.getByRole('list', { name: 'Tagged products' })
    expect(
      within(tagged)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Desk Lamp · Vela×'])
    expect(screen.getByText('Tagged Desk Lamp · Vela')).toBeInTheDocument()
    expect(details()).toMatchObject({ product_ids: ['p-lamp'], business_store_id: 'st-main' })

    await user.keyboard('{Escape}')
    expect(search).toHaveAttribute('aria-expanded', 'false')
    await user.click(screen.getByRole('button', { name: 'Remove Desk Lamp · Vela' }))
    expect(screen.queryByRole('list', { name: 'Tagged products' })).not.toBeInTheDocument()
    expect(details()).not.toHaveProperty('product_ids')
  })

  it('restores the details after a reload, and Reset details clears them', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2025-03-02T10:00:00.000Z'))
    const when = toLocalInputValue(new Date(Date.now() + 2 * day))
    const first = renderForm('ch1')
    await screen.findByRole('option', { name: 'Aurora Beauty' })
    await userEvent.selectOptions(screen.getByLabelText('Channel'), 'Aurora Beauty')
    await userEvent.type(screen.getByLabelText('Description'), 'Shot on the roof')
    await userEvent.type(screen.getByLabelText('Hashtags'), '#spring')
    await userEvent.click(screen.getByRole('radio', { name: 'Private' }))
    await userEvent.click(screen.getByRole('radio', { name: 'Schedule' }))
    fireEvent.change(screen.getByLabelText('Publish at'), { target: { value: when } })
    const search = screen.getByRole('combobox', { name: 'Find products' })
    await waitFor(() => expect(search).toBeEnabled())
    await userEvent.click(search)
    await userEvent.keyboard('mug')
    await screen.findByText('1 product found.')
    await userEvent.keyboard('{ArrowDown}{Enter}')
    first.unmount()

    const again = renderForm('ch1')
    await screen.findByRole('option', { name: 'Aurora Beauty' })
    expect(screen.getByLabelText('Channel')).toHaveValue('ch2')
    expect(screen.getByLabelText('Description')).toHaveValue('Shot on the roof')
    expect(screen.getByLabelText('Hashtags')).toHaveValue('#spring')
    expect(screen.getByRole('radio', { name: 'Private' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'Schedule' })).toBeChecked()
    expect(screen.getByLabelText('Publish at')).toHaveValue(when)
    expect(screen.getByRole('list', { name: 'Tagged products' })).toHaveTextContent('Ceramic Mug')
    expect(again.details()).toMatchObject({
      channel_id: 'ch2',
      description: 'Shot on the roof',
      hashtags: ['spring'],
      access: 'private',
      product_ids: ['p-mug'],
    })

    await userEvent.click(screen.getByRole('button', { name: 'Reset details' }))
    expect(screen.getByLabelText('Channel')).toHaveValue('ch1')
    expect(screen.getByLabelText('Description')).toHaveValue('')
    expect(screen.getByRole('radio', { name: 'Publish now' })).toBeChecked()
    expect(screen.getByText('No products tagged.')).toBeInTheDocument()
    expect(localStorage.getItem('uploads:details')).toBeNull()
    again.unmount()

    renderForm('ch1')
    expect(screen.getByLabelText('Description')).toHaveValue('')
  })

  it('keeps a restored channel only while the screen channel is the same', async () => {
    const first = renderForm('ch1')
    await screen.findByRole('option', { name: 'Aurora Beauty' })
    await userEvent.selectOptions(screen.getByLabelText('Channel'), 'Aurora Beauty')
    await userEvent.type(screen.getByLabelText('Description'), 'Kept')
    first.unmount()

    const other = renderForm('ch2')
    expect(screen.getByLabelText('Description')).toHaveValue('Kept')
    expect(other.details().channel_id).toBe('ch2')
  })

  it('has no axe violations, with an error shown and a product tagged', async () => {
    const { container } = renderForm()
    await userEvent.type(screen.getByLabelText('Hashtags'), 'x'.repeat(101))
    await userEvent.click(screen.getByRole('radio', { name: 'Schedule' }))
    const search = screen.getByRole('combobox', { name: 'Find products' })
    await waitFor(() => expect(search).toBeEnabled())
    await userEvent.click(search)
    await userEvent.keyboard('lamp')
    await screen.findByRole('option', { name: 'Desk Lamp · Vela' })
    await userEvent.keyboard('{ArrowDown}{Enter}')
    expect(await axeViolations(container)).toEqual([])
  })
})
