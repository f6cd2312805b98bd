import '@/api/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { UploadDetailsForm } from '@/features/uploads/details/upload-details-form'
import {
  type UploadDetailsHandlers,
  useUploadDetails,
} from '@/features/uploads/details/use-upload-details'
import { fakeApi } from '../../support/fake-api'

const channels = [
  { id: 'ch1', name: 'Aurora Outfitters', username: 'aurora' },
  { id: 'ch2', name: 'Aurora Beauty', username: 'aurorabeauty' },
]
// Newest first, as the service lists stores: the main store is the business's first.
const stores = [
  { id: 'st-eu', name: 'Aurora EU Store', currency: 'EUR' },
  { id: 'st-main', name: 'Aurora Main Store', currency: 'USD' },
]
const unit = (id: string, name: string, sku: string, price: number) => ({
  id,
  name,
  sku,
  price,
  options: [],
  quantity: null,
  gtin: null,
  mpn: null,
  barcode: null,
  external_id: null,
})
const product = (
  id: string,
  name: string,
  brand: string,
  units: ReturnType<typeof unit>[] = [unit(`${id}-u`, name, `${id}-sku`, 20)],
) => ({ id, name, brand, currency: 'USD', external_id: null, images: [], units })
const products: Record<string, ReturnType<typeof product>[]> = {
  'st-main': [
    product('p-lamp', 'Desk Lamp', 'Vela', [
      unit('u-lamp-black', 'Black', 'LAMP-BLK', 49),
      unit('u-lamp-white', 'White', 'LAMP-WHT', 59),
    ]),
    product('p-lamp2', 'Desk Lamp Pro', 'Kindred'),
    product('p-mug', 'Ceramic Mug', 'Aurora'),
  ],
  'st-eu': [product('p-tote', 'Linen Tote', 'Field & Pine')],
}
const everyProduct = Object.values(products).flat()
const indexReady = {
  state: 'ready',
  confirmed_at: '2025-03-02T09:00:00.000Z',
  last_event_at: null,
  videos: 0,
  products: 0,
  unconfirmed: 0,
  last_pass: null,
  running: null,
}

/** The service's answers; with `required`, also a dashboard keeping the index and that setting. */
export function serveApi(options: { required?: string[] } = {}) {
  return fakeApi(({ method, url }) => {
    if (method !== 'GET') return undefined
    if (options.required && url.pathname === '/api/dashboard/index/status')
      return { status: 200, body: { ...indexReady } }
    if (options.required && url.pathname === '/api/dashboard/settings/readiness')
      return { status: 200, body: { required: options.required } }
    if (url.pathname === '/api/v1/channels') return { status: 200, body: { channels } }
    if (url.pathname === '/api/v1/business_stores') {
      return {
        status: 200,
        body: { stores, links: { next: null }, pagination: { cursor: null, has_more: false } },
      }
    }
    const one = url.pathname.match(/^\/api\/v1\/products\/([^/]+)$/)
    if (one) {
      const found = everyProduct.find((each) => each.id === one[1])
      return found
        ? { status: 200, body: found }
        : { status: 404, body: { error: 'Product not found' } }
    }
    if (url.pathname === '/api/v1/products') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase()
      const found = (products[url.searchParams.get('business_store_id') ?? ''] ?? []).filter(
        (each) =>
          each.name.toLowerCase().includes(q) ||
          each.units.some((u) => u.id === q || u.sku.toLowerCase() === q),
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

export function renderForm(channelId = 'ch1') {
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
