import type { Product } from '@/api/generated/types.gen'
import { formatMoney } from './format'

/**
 * "€19.00" or "€19.00–€29.00" over the product's variants; null when none has a price. In its
 * store's currency when the caller knows it, else the product's.
 */
export function priceRange(product: Product, currency: string | null = null): string | null {
  const prices = product.units.flatMap((unit) => (unit.price === null ? [] : [unit.price]))
  if (prices.length === 0) return null
  const low = Math.min(...prices)
  const high = Math.max(...prices)
  const code = currency ?? product.currency
  return low === high
    ? formatMoney(low, code)
    : `${formatMoney(low, code)}–${formatMoney(high, code)}`
}

/** One variant's price in the product's currency; null when it has none. */
export const unitPrice = (product: Product, unit: Product['units'][number]) =>
  unit.price === null ? null : formatMoney(unit.price, product.currency)

/** Units in stock over every variant; null when no variant counts its stock. */
export function stock(product: Product): number | null {
  const counted = product.units.flatMap((unit) => (unit.quantity === null ? [] : [unit.quantity]))
  return counted.length === 0 ? null : counted.reduce((sum, quantity) => sum + quantity, 0)
}

export const productName = (product: Pick<Product, 'name'>) =>
  product.name?.trim() || 'Unnamed product'

/** What a variant is called: its name, else its option values ("Red / M"). */
export const unitName = (unit: Product['units'][number]) =>
  unit.name?.trim() || unit.options.map((option) => option.value).join(' / ') || 'Default'

/** "Desk Lamp · Vela": the product's name and brand, as tags and search results show it. */
export const productLabel = (product: Pick<Product, 'name' | 'brand'>) =>
  [productName(product), product.brand].filter(Boolean).join(' · ')
