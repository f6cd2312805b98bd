import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  checkSchedule,
  scheduleBounds,
  scheduleHint,
  toLocalInputValue,
} from '@/lib/schedule-window'
import { axeViolations } from '../support/axe'
import { renderForm, serveApi } from './support/details-harness'

const day = 24 * 60 * 60_000
beforeEach(() => {
  localStorage.clear()
  serveApi()
})
/** An option of the search once its results are current (stale ones cannot be picked). */
async function currentOption(name: RegExp) {
  const listbox = await screen.findByRole('listbox', { name: 'Matching products and variants' })
  await waitFor(() => expect(listbox).not.toHaveAttribute('aria-busy'))
  return within(listbox).findByRole('option', { name })
}

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

  it('tags a whole product and a variant found by searching, with the keyboard only', async () => {
    const { details } = renderForm()
    const user = userEvent.setup()
    const search = screen.getByRole('combobox', { name: 'Find products to tag' })
    await waitFor(() => expect(search).toBeEnabled())
    expect(screen.getByLabelText('Store')).toHaveValue('st-main')

    await user.click(search)
    await user.keyboard('lamp')
    const listbox = screen.getByRole('listbox', { name: 'Matching products and variants' })
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([
        'Desk Lamp · Vela — whole product, 2 variants$49.00–$59.00',
        'Desk Lamp · Vela — Black · LAMP-BLK$49.00',
        'Desk Lamp · Vela — White · LAMP-WHT$59.00',
        'Desk Lamp Pro · Kindred — whole product$20.00',
      ]),
    )
    await user.keyboard('{ArrowDown}{Enter}{ArrowDown}{ArrowDown}{Enter}')
    expect(screen.getByText('Tagged Desk Lamp · Vela — White · LAMP-WHT')).toBeInTheDocument()
    await user.keyboard('{Escape}')

    const wholes = screen.getByRole('list', { name: 'Whole products, shown first' })
    expect(wholes).toHaveTextContent('Desk Lamp · Vela')
    const variants = screen.getByRole('list', {
      name: 'Specific variants, shown after the products',
    })
    expect(variants).toHaveTextContent('Desk Lamp · Vela — White')
    expect(details()).toMatchObject({
      product_ids: ['p-lamp'],
      variant_ids: ['u-lamp-white'],
      business_store_id: 'st-main',
    })
    expect(screen.getByText(/· 2 product tags$/)).toBeInTheDocument()

    await user.click(within(wholes).getByRole('button', { name: 'Untag Desk Lamp · Vela' }))
    expect(screen.queryByRole('list', { name: 'Whole products, shown first' })).toBeNull()
    expect(details()).not.toHaveProperty('product_ids')
    expect(details()).toMatchObject({ variant_ids: ['u-lamp-white'] })
  })

  it('says what pasted identifiers would tag before tagging them', async () => {
    const { details } = renderForm()
    const user = userEvent.setup()
    await waitFor(() => expect(screen.getByLabelText('Store')).toHaveValue('st-main'))
    await user.click(screen.getByText('Paste identifiers…'))
    await user.type(screen.getByLabelText('Identifiers'), 'LAMP-WHT, nope, u-lamp-black')
    await user.click(screen.getByRole('button', { name: 'Check identifiers' }))
    const preview = await screen.findByRole('table', { name: 'What the identifiers would tag' })
    expect(
      within(preview)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      'LAMP-WHTTags Desk Lamp (by SKU)',
      'nopeSkipped: not found in this store',
      'u-lamp-blackSkipped: the same product as “LAMP-WHT” (here by variant id)',
    ])
    await user.click(screen.getByRole('button', { name: 'Tag 1 product' }))
    expect(details()).toMatchObject({ product_ids: ['p-lamp'] })
  })

  it('hides the new videos from the products’ pages when asked', async () => {
    const { details } = renderForm()
    await userEvent.click(
      screen.getByLabelText('Hide the new videos from the tagged products’ pages'),
    )
    expect(details({})).not.toHaveProperty('video_hidden')
    const search = screen.getByRole('combobox', { name: 'Find products to tag' })
    await waitFor(() => expect(search).toBeEnabled())
    await userEvent.click(search)
    await userEvent.keyboard('mug')
    await currentOption(/^Ceramic Mug · Aurora — whole product/)
    await userEvent.keyboard('{ArrowDown}{Enter}')
    expect(details()).toMatchObject({ product_ids: ['p-mug'], video_hidden: true })
  })

  it('restores tags saved before variants could be tagged', async () => {
    localStorage.setItem(
      'uploads:details',
      JSON.stringify({
        defaultChannelId: 'ch1',
        values: { storeId: 'st-main', products: [{ id: 'p-mug', name: 'Ceramic Mug' }] },
      }),
    )
    const { details } = renderForm('ch1')
    const wholes = screen.getByRole('list', { name: 'Whole products, shown first' })
    await waitFor(() => expect(wholes).toHaveTextContent('Ceramic Mug · Aurora'))
    expect(details()).toMatchObject({ product_ids: ['p-mug'], business_store_id: 'st-main' })
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
    const search = screen.getByRole('combobox', { name: 'Find products to tag' })
    await waitFor(() => expect(search).toBeEnabled())
    await userEvent.click(search)
    await userEvent.keyboard('mug')
    await currentOption(/^Ceramic Mug · Aurora — whole product/)
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
    const wholes = screen.getByRole('list', { name: 'Whole products, shown first' })
    await waitFor(() => expect(wholes).toHaveTextContent('Ceramic Mug · Aurora'))
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
    expect(screen.queryByRole('list', { name: 'Whole products, shown first' })).toBeNull()
    expect(screen.getByText(/· no products$/)).toBeInTheDocument()
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
    const search = screen.getByRole('combobox', { name: 'Find products to tag' })
    await waitFor(() => expect(search).toBeEnabled())
    await userEvent.click(search)
    await userEvent.keyboard('lamp')
    await currentOption(/^Desk Lamp · Vela — whole product/)
    await userEvent.keyboard('{ArrowDown}{Enter}')
    expect(await axeViolations(container)).toEqual([])
  })
})
