import '../../../src/api/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { UploadDetailsForm } from '../../../src/features/uploads/details/upload-details-form'
import {
  type UploadDetailsHandlers,
  useUploadDetails,
} from '../../../src/features/uploads/details/use-upload-details'
import {
  checkSchedule,
  scheduleBounds,
  scheduleHint,
  toLocalInputValue,
} from '../../../src/lib/schedule-window'
import { fakeApi } from '../support/fake-api'

const day = 24 * 60 * 60_000
const channels = [
  { id: 'ch1', name: 'Aurora Outfitters', username: 'aurora' },
  { id: 'ch2', name: 'Aurora Beauty', username: 'aurorabeauty' },
]
// Newest first, as the service lists stores: the main store is the business's first.
const stores = [
  { id: 'st-eu', name: 'Aurora EU Store', currency: 'EUR' },
  { id: 'st-main', name: 'Aurora Main Store', currency: 'USD' },
]
const products: Record<string, { id: string; name: string; brand: string }[]> = {
  'st-main': [
    { id: 'p-lamp', name: 'Desk Lamp', brand: 'Vela' },
    { id: 'p-lamp2', name: 'Desk Lamp Pro', brand: 'Kindred' },
    { id: 'p-mug', name: 'Ceramic Mug', brand: 'Aurora' },
  ],
  'st-eu': [{ id: 'p-tote', name: 'Linen Tote', brand: 'Field & Pine' }],
}

function serveApi() {
  return fakeApi(({ method, url }) => {
    if (method !== 'GET') return undefined
    if (url.pathname === '/api/v1/channels') return { status: 200, body: { channels } }
    if (url.pathname === '/api/v1/business_stores') {
      return {
        status: 200,
        body: { stores, links: { next: null }, pagination: { cursor: null, has_more: false } },
      }
    }
    if (url.pathname === '/api/v1/products') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase()
      const found = (products[url.searchParams.get('business_store_id') ?? ''] ?? []).filter(
        (product) => product.name.toLowerCase().includes(q),
      )
      return {
        status: 200,
        body: {
          products: found,
          links: { next: null },
          pagination: { cursor: null, has_more: false },
        },
      }
    }
    return undefined
  })
}

function Harness({
  channelId,
  handlers,
}: {
  channelId: string
  handlers: { current: UploadDetailsHandlers | null }
}) {
  const details = useUploadDetails(channelId)
  handlers.current = details
  return <UploadDetailsForm form={details.form} onReset={details.reset} />
}

function renderForm(channelId = 'ch1') {
  const handlers: { current: UploadDetailsHandlers | null } = { current: null }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const view = render(
    <QueryClientProvider client={client}>
      <Harness channelId={channelId} handlers={handlers} />
    </QueryClientProvider>,
  )
  const details = (meta: Record<string, unknown> = {}) => {
    if (!handlers.current) throw new Error('not rendered')
    return handlers.current.detailsFor({ name: 'clip.mp4', meta })
  }
  const problem = (meta: Record<string, unknown> = {}) =>
    handlers.current?.detailsProblem({ name: 'clip.mp4', meta }) ?? null
  return { ...view, details, problem }
}

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
    // Colour contrast needs real layout and styles, which happy-dom does not compute.
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })
    expect(result.violations.map((v) => v.id)).toEqual([])
  })
})
