import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TagSearch } from '@/components/product-tags/tag-search'
import { fakeApi, json } from '../support/fake-api'
import { makeProduct } from '../support/fixtures'
import { earlierSearchesCancelled, holdSearches, searchesAsked } from '../support/held-searches'
import { renderWithProviders } from '../support/render'

afterEach(() => vi.unstubAllGlobals())

const mugs = ['Stone', 'Sea', 'Sand'].map((colour, index) =>
  makeProduct({
    id: `pr_mug${index}`,
    name: `${colour} mug`,
    images: [
      {
        id: `im_${index}`,
        position: 0,
        url: `https://cdn.example.com/mug-${index}.png`,
        external_id: null,
        unit_external_ids: [],
      },
    ],
  }),
)

const answer = (q: string) =>
  json({
    products: mugs.filter((mug) => mug.name?.toLowerCase().includes(q.toLowerCase())),
    links: { next: null },
  })

describe('Tag search while typing', () => {
  it('asks for each letter at once and cancels the letters before the last', async () => {
    const held = holdSearches(answer)
    const calls = fakeApi(held.handler)
    renderWithProviders(
      <TagSearch id="tag-search" storeId="st_Main" tagged={[]} onToggle={() => {}} />,
    )
    await userEvent.type(screen.getByRole('combobox', { name: 'Find products to tag' }), 'sea')
    expect(searchesAsked(calls, '/api/v1/products')).toEqual(['s', 'se', 'sea'])
    expect(earlierSearchesCancelled(calls, '/api/v1/products')).toBe(true)
    held.release('sea')
    const list = await screen.findByRole('listbox', { name: 'Matching products and variants' })
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Sea mug · Aurora — whole product']),
    )
  })

  it('asks for the products’ pictures once typing pauses, not for each letter’s results', async () => {
    fakeApi({ 'GET /api/v1/products': (call) => answer(call.url.searchParams.get('q') ?? '') })
    const { container } = renderWithProviders(
      <TagSearch id="tag-search" storeId="st_Main" tagged={[]} onToggle={() => {}} />,
    )
    const pictures = () => [...container.ownerDocument.querySelectorAll('[role="listbox"] img')]
    await userEvent.type(screen.getByRole('combobox', { name: 'Find products to tag' }), 'mu', {
      delay: null,
    })
    const list = await screen.findByRole('listbox', { name: 'Matching products and variants' })
    await within(list).findByRole('option', { name: /Stone mug/ })
    expect(pictures()).toEqual([])

    await waitFor(() => expect(pictures()).toHaveLength(3))
    expect(pictures()[0]).toHaveAttribute('src', 'https://cdn.example.com/mug-0.png')
  })
})
