import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, it, vi } from 'vitest'
import { FiltersBar } from '@/components/video/filters-bar'

it('reports typed filter values a marketer picks, and the exact hashtag', async () => {
  const onChange = vi.fn()
  const user = userEvent.setup()
  render(<FiltersBar search={{}} onChange={onChange} />)
  await user.selectOptions(screen.getByLabelText('Publication'), 'Draft or scheduled')
  expect(onChange).toHaveBeenLastCalledWith({ published: false })
  await user.selectOptions(screen.getByLabelText('Processing'), 'Failed')
  expect(onChange).toHaveBeenLastCalledWith({ status: 'errored' })
  await user.type(screen.getByLabelText(/Hashtag/), '#Summer{Enter}')
  expect(onChange).toHaveBeenLastCalledWith({ hashtag: '#Summer' })
})

it('shows the current view from the URL', () => {
  render(<FiltersBar search={{ access: 'private', archived: true }} onChange={() => {}} />)
  expect(screen.getByLabelText('Access')).toHaveValue('private')
  expect(screen.getByLabelText('Archive')).toHaveValue('true')
})
