import { render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ScheduleInput } from '@/components/ui/schedule-input'
import { scheduleBounds, toLocalInputValue } from '@/lib/schedule-window'
import { axeViolations } from '../support/axe'

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2025-03-02T10:00:30.000Z'))
})
afterEach(() => vi.useRealTimers())

describe('ScheduleInput', () => {
  it('offers only the publish window, to the minute, and says so in its hint', async () => {
    const { container } = render(<ScheduleInput id="publish-at" defaultValue="" />)
    const input = screen.getByLabelText('Publish at')
    const bounds = scheduleBounds(new Date())
    expect(input).toHaveAttribute('type', 'datetime-local')
    expect(input).toHaveAttribute('min', bounds.min)
    expect(input).toHaveAttribute('max', bounds.max)
    expect(input).toHaveAttribute('step', '60')
    expect(input).toHaveAccessibleDescription(/from now up to 28 days ahead/)
    expect(await axeViolations(container)).toEqual([])
  })

  it('shows the caller’s refusal with the control, and announces it when asked', () => {
    const value = toLocalInputValue(new Date(Date.now() + 40 * 24 * 3600_000))
    render(
      <ScheduleInput
        id="publish-at"
        value={value}
        onChange={() => {}}
        error="Choose a time at most 28 days ahead."
        announceError
      />,
    )
    const input = screen.getByLabelText('Publish at')
    expect(input).toBeInvalid()
    expect(input).toHaveAccessibleDescription(/at most 28 days ahead\.$/)
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a time at most 28 days ahead.')
  })
})
