import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TagSearch } from '@/components/product-tags/tag-search'
import { fakeApi, json } from '../support/fake-api'
import { makeProduct } from '../support/fixtures'
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

describe('Tag search pictures', () => {
  it('asks for the products’ pictures once typing pauses, not for each letter’s results', async () => {
    fakeApi({
      'GET /api/v1/products': (call) => {
        const q = (call.url.searchParams.get('q') ?? '').toLowerCase()
        return json({
          products: mugs.filter((mug) => mug.name?.toLowerCase().includes(q)),
          links: { next: null },
        })
      },
    })
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
