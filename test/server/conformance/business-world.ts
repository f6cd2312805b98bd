import type {
  BusinessStoreListItem,
  Channel,
  ChannelList,
  Product,
} from '@/api/generated/types.gen.ts'
import type { Json, Query, ServiceClient } from './service-client.ts'
import type { ClientName } from './target.ts'

/** What a client's business holds, discovered through the API (channels and stores). */
export interface Business {
  businessId: string
  channels: Channel[]
  stores: BusinessStoreListItem[]
}

export interface World {
  main: Business
  solo: Business
}

/** Every item of a paginated list, following links.next. */
export async function listAll<T>(
  client: ServiceClient,
  path: string,
  key: string,
  as: ClientName,
  query: Query = {},
): Promise<T[]> {
  const auth = await client.token(as)
  const items: T[] = []
  let res = await client.api<Json>('GET', path, {
    token: auth,
    query: { ...query, page_size: 100 },
  })
  for (;;) {
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${res.text}`)
    items.push(...(res.json[key] as T[]))
    const next: string | null | undefined = res.json.links?.next
    if (!next) return items
    res = await client.api<Json>('GET', client.resolve(next), { token: auth })
  }
}

export async function discoverBusiness(client: ServiceClient, as: ClientName): Promise<Business> {
  const auth = await client.token(as)
  const channels = await client.api<ChannelList>('GET', '/api/v1/channels', { token: auth })
  if (channels.status !== 200) throw new Error(`GET channels: ${channels.status}`)
  const first = channels.json.channels[0]
  if (!first) throw new Error(`${as} client has no channel`)
  const stores = await listAll<BusinessStoreListItem>(
    client,
    '/api/v1/business_stores',
    'stores',
    as,
  )
  return { businessId: first.business_id, channels: channels.json.channels, stores }
}

export function listProducts(
  client: ServiceClient,
  storeId: string,
  as: ClientName = 'main',
): Promise<Product[]> {
  return listAll<Product>(client, '/api/v1/products', 'products', as, {
    business_store_id: storeId,
  })
}
