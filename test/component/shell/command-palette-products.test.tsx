import { createRoute } from '@tanstack/react-router'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Suspense } from 'react'
import { afterEach, expect, it, vi } from 'vitest'
import { channelsQuery } from '@/api/queries/channels'
import { meQuery } from '@/api/queries/session'
import CommandPalette from '@/components/command-palette/command-palette'
import { type Call, fakeApi, json } from '../support/fake-api'
import { makeProduct } from '../support/fixtures'
import { renderRoutes } from '../support/memory-router'
import { createTestQueryClient } from '../support/render'

afterEach(() => vi.unstubAllGlobals())

// 23 stores, newest first, served 10 to a page whatever page_size is asked (as if more than 100), so
// the palette must follow links.next; the product sought is only in the 23rd.
const storeIds = Array.from(
  { length: 23 },
  (_, index) => `st_${String(23 - index).padStart(2, '0')}`,
)
const pageSize = 10

function storePage(call: Call) {
  const from = Number(call.url.searchParams.get('before') ?? 0)
  const to = from + pageSize
  return json({
    stores: storeIds.slice(from, to).map((id) => ({
      id,
      name: `Store ${id}`,
      url: null,
      currency: 'EUR',
      provider: 'local',
      store_type: 'store',
    })),
    links: { next: to < storeIds.length ? `/api/v1/business_stores?before=${to}` : null },
    pagination: {
      cursor: to < storeIds.length ? String(to) : null,
      has_more: to < storeIds.length,
    },
  })
}

const asking = new Set<Call>()
let mostAskedAtOnce = 0

// Each store answers on a later turn, so the searches of several stores can overlap; those the
// palette cancelled (an earlier key's) no longer count.
async function productPage(call: Call) {
  asking.add(call)
  const live = [...asking].filter((each) => !each.signal.aborted).length
  mostAskedAtOnce = Math.max(mostAskedAtOnce, live)
  await new Promise((resolve) => setTimeout(resolve, 0))
  asking.delete(call)
  const storeId = call.url.searchParams.get('business_store_id')
  const q = (call.url.searchParams.get('q') ?? '').toLowerCase()
  const products =
    storeId === 'st_01' && 'lantern'.includes(q)
      ? [makeProduct({ id: 'pr_Lantern', name: 'Brass lantern', business_store_id: 'st_01' })]
      : []
  return json({ products, links: { next: null }, pagination: { cursor: null, has_more: false } })
}

function renderPalette() {
  const queryClient = createTestQueryClient()
  queryClient.setQueryData(meQuery().queryKey, {
    id: 'u1',
    email: 'ed@example.com',
    role: 'editor',
  })
  queryClient.setQueryData(channelsQuery().queryKey, [
    {
      id: 'ch_1',
      name: 'Main',
      locale: null,
      business_id: 'bu_1',
      username: 'main',
      country: null,
      avatar_url: null,
      bio: null,
    },
  ])
  return renderRoutes(
    '/',
    (root) => [
      createRoute({
        getParentRoute: () => root,
        path: '/',
        component: () => (
          <Suspense fallback={null}>
            <CommandPalette onClose={() => {}} />
          </Suspense>
        ),
      }),
      createRoute({
        getParentRoute: () => root,
        path: '/stores/$storeId',
        component: () => <h1>Catalog</h1>,
      }),
    ],
    queryClient,
  )
}

it('finds a product in any store of the business, past the first page of stores', async () => {
  const calls = fakeApi(({ url, ...call }) => {
    if (url.pathname === '/api/v1/business_stores') return storePage({ url, ...call })
    if (url.pathname === '/api/v1/products') return productPage({ url, ...call })
    return url.pathname.startsWith('/api/v1/')
      ? json({
          videos: [],
          playlists: [],
          links: { next: null },
          pagination: { cursor: null, has_more: false },
        })
      : undefined
  })
  const { router } = renderPalette()

  await userEvent.type(await screen.findByRole('combobox', { name: 'Search or go to' }), 'lantern')
  const found = await screen.findByRole('option', { name: /Brass lantern/ })
  expect(found).toHaveTextContent('Product in Store st_01')
  // The store list was read page by page, once, however many keys were typed.
  expect(calls.filter((call) => call.url.pathname === '/api/v1/business_stores')).toHaveLength(3)
  // Every store is asked, a few at a time rather than all at once for each key.
  const asked = calls.filter(
    (call) =>
      call.url.pathname === '/api/v1/products' && call.url.searchParams.get('q') === 'lantern',
  )
  expect(new Set(asked.map((call) => call.url.searchParams.get('business_store_id')))).toEqual(
    new Set(storeIds),
  )
  expect(mostAskedAtOnce).toBeLessThanOrEqual(4)

  await userEvent.click(found)
  expect(router.state.location.pathname).toBe('/stores/st_01')
})
