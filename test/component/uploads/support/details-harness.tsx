import '../../../../src/api/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { UploadDetailsForm } from '../../../../src/features/uploads/details/upload-details-form'
import {
  type UploadDetailsHandlers,
  useUploadDetails,
} from '../../../../src/features/uploads/details/use-upload-details'
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
const products: Record<string, { id: string; name: string; brand: string }[]> = {
  'st-main': [
    { id: 'p-lamp', name: 'Desk Lamp', brand: 'Vela' },
    { id: 'p-lamp2', name: 'Desk Lamp Pro', brand: 'Kindred' },
    { id: 'p-mug', name: 'Ceramic Mug', brand: 'Aurora' },
  ],
  'st-eu': [{ id: 'p-tote', name: 'Linen Tote', brand: 'Field & Pine' }],
}

export function serveApi() {
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
