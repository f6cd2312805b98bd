import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import type { ProductMatch } from '@/api/generated/types.gen'
import { json } from '../support/fake-api'
import { makeProduct, makeVideo } from '../support/fixtures'
import { pageApi } from './support/page-api'
import { renderVideoPage } from './support/router'

afterEach(() => vi.unstubAllGlobals())

const store = (id: string, name: string, currency: string) => ({
  id,
  name,
  url: null,
  currency,
  provider: 'local',
  store_type: 'store',
})

const suggestion = (id: string, name: string, storeId: string, score: number): ProductMatch => ({
  id,
  status: 'pending',
  matching_score: score,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  product: makeProduct({
    id: `pr_${id}`,
    name,
    brand: null,
    currency: null,
    business_store_id: storeId,
    units: [
      {
        id: `un_${id}`,
        name: null,
        position: 0,
        options: [],
        url: null,
        price: 19,
        original_price: null,
        quantity: 1,
        sku: null,
        external_id: null,
        gtin: null,
        mpn: null,
        barcode: null,
      },
    ],
  }),
})

it('shows the suggestions of the tag editor’s store, names it, and switches both to another', async () => {
  const video = makeVideo()
  pageApi(video, {
    'GET /api/v1/business_stores': () =>
      json({
        stores: [
          store('st_Eu', 'Aurora EU Store', 'EUR'),
          store('st_Main', 'Aurora Main Store', 'USD'),
        ],
        links: { next: null },
        pagination: { cursor: null, has_more: false },
      }),
    [`GET /api/v1/videos/${video.id}/product_matches`]: () =>
      json({
        status: 'completed',
        matches: [
          suggestion('m1', 'Linen Dress', 'st_Main', 90),
          suggestion('m2', 'Linen Dress', 'st_Eu', 80),
          suggestion('m3', 'Desk Lamp', 'st_Main', 70),
        ],
      }),
  })
  renderVideoPage(`/videos/${video.id}`)

  const main = await screen.findByRole(
    'region',
    { name: 'Suggestions from Aurora Main Store (USD) (2)' },
    { timeout: 10_000 },
  )
  expect(within(main).getAllByText(/^\$19\.00 · score/)).toHaveLength(2)
  expect(screen.getByText('1 more suggestion is from Aurora EU Store (EUR).')).toBeInTheDocument()
  expect(screen.getByRole('combobox', { name: 'Store' })).toHaveValue('st_Main')

  fireEvent.click(screen.getByRole('button', { name: 'Switch to Aurora EU Store (EUR)' }))
  const eu = await screen.findByRole(
    'region',
    { name: 'Suggestions from Aurora EU Store (EUR) (1)' },
    { timeout: 10_000 },
  )
  expect(within(eu).getByText(/^€19\.00 · score 80$/)).toBeInTheDocument()
  expect(
    screen.getByText('2 more suggestions are from Aurora Main Store (USD).'),
  ).toBeInTheDocument()
  expect(screen.getByRole('combobox', { name: 'Store' })).toHaveValue('st_Eu')
})
