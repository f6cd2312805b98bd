import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, it, vi } from 'vitest'
import { SearchBox } from '@/components/ui/search-box'

it('searches at every key with no pause, the first as a new search and the rest as refinements', async () => {
  const onSearch = vi.fn()
  const user = userEvent.setup()
  render(<SearchBox value="" onSearch={onSearch} />)
  await user.type(screen.getByLabelText('Search captions'), 'mug')
  expect(onSearch.mock.calls).toEqual([
    ['m', false],
    ['mu', true],
    ['mug', true],
  ])
})

it('keeps every typed key when the URL catches up with earlier keys late', async () => {
  const user = userEvent.setup()
  const { rerender } = render(<SearchBox value="" onSearch={() => {}} />)
  const field = screen.getByLabelText('Search captions')
  await user.type(field, 'mug')
  // The address shows each search in turn, after the field already holds the whole word.
  for (const late of ['m', 'mu', 'mug']) rerender(<SearchBox value={late} onSearch={() => {}} />)
  expect(field).toHaveValue('mug')
  // A change from elsewhere (Back) is shown.
  rerender(<SearchBox value="" onSearch={() => {}} />)
  expect(field).toHaveValue('')
})
