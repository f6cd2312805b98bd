import type { BusinessStoreListItem } from '@/api/generated/types.gen'

type Provider = BusinessStoreListItem['provider']
type StoreType = BusinessStoreListItem['store_type']

// How each provider is named on screen. The documents name only `local` and `generic_oms`; the
// other eight are the contract's placeholders for the platforms they omit.
const providerNames: Record<Provider, string> = {
  local: 'Managed here',
  generic_oms: 'Order management system',
  shopify: 'Shopify',
  bigcommerce: 'BigCommerce',
  magento: 'Magento',
  salesforce: 'Salesforce Commerce',
  woocommerce: 'WooCommerce',
  google_merchant: 'Google Merchant Center',
  meta_catalog: 'Meta catalog',
  custom_feed: 'Catalog feed',
}

export const providerName = (provider: Provider) => providerNames[provider] ?? provider

const typeNames: Record<StoreType, string> = {
  store: 'Store',
  'creator-store': 'Creator store',
  'b2b-syndication-store': 'B2B syndication',
}

export const storeTypeName = (type: StoreType) => typeNames[type] ?? type

/** A store's name on screen; the service allows a store without one. */
export const storeName = (store: Pick<BusinessStoreListItem, 'name'>) =>
  store.name?.trim() || 'Unnamed store'
