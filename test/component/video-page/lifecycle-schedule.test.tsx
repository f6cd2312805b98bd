import { fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { scheduleBounds, toLocalInputValue } from '@/lib/schedule-window'
import { type Call, fakeApi, json, writes } from '../support/fake-api'
import { makeVideo } from '../support/fixtures'
import { renderLifecycle } from './support/render'

const dayMs = 24 * 60 * 60 * 1000
const draft = makeVideo({ published_at: null, is_published: false })

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2025-03-02T10:00:00.000Z'))
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

// Scheduling opens from the header's "Schedule…" button.
const openSchedule = () => userEvent.click(screen.getByRole('button', { name: 'Schedule…' }))

const pick = (date: Date) =>
  fireEvent.change(screen.getByLabelText('Publish at'), {
    target: { value: toLocalInputValue(date) },
  })

describe('lifecycle: scheduling', () => {
  it('refuses a time in the past before any request', async () => {
    const calls = fakeApi({})
    renderLifecycle(draft)
    await openSchedule()

    pick(new Date(Date.now() - 60 * 60_000))
    await userEvent.click(screen.getByRole('button', { name: 'Schedule' }))

    expect(screen.getByLabelText('Publish at')).toHaveAccessibleDescription(/later than now/)
    expect(writes(calls)).toEqual([])
  })

  it('offers only the window as min and max, in local time', async () => {
    fakeApi({})
    renderLifecycle(draft)
    await openSchedule()
    const input = screen.getByLabelText('Publish at')
    const bounds = scheduleBounds(new Date())
    expect(input).toHaveAttribute('min', bounds.min)
    expect(input).toHaveAttribute('max', bounds.max)
  })

  it('sends a time within the window as ISO UTC and shows the schedule', async () => {
    const at = new Date(Date.now() + 3 * dayMs)
    at.setSeconds(0, 0)
    const calls = fakeApi({
      [`POST /api/v1/videos/${draft.id}/publish`]: (call: Call) =>
        json({ ...draft, published_at: (call.body as { published_at: string }).published_at }),
    })
    renderLifecycle(draft)
    await openSchedule()

    pick(at)
    await userEvent.click(screen.getByRole('button', { name: 'Schedule' }))

    expect(await screen.findByText(/^Video scheduled for/)).toBeInTheDocument()
    expect(writes(calls)).toEqual([
      {
        method: 'POST',
        path: `/api/v1/videos/${draft.id}/publish`,
        body: { published_at: at.toISOString() },
      },
    ])
    expect(screen.getByText(/^Scheduled for/)).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
