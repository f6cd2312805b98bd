import type { Product } from '@/api/generated/types.gen'
import { safeHttpUrl } from '@/lib/format'

const sizes = { sm: 'size-8', md: 'size-10' } as const

/** A product's first picture, decorative (its name is always written beside it). */
export function ProductImage({
  product,
  size = 'md',
  load = true,
}: {
  product: Pick<Product, 'images'>
  size?: keyof typeof sizes
  /** False: the picture's place is kept, empty (results shown while a search is typed). */
  load?: boolean
}) {
  const image = load ? safeHttpUrl(product.images[0]?.url) : null
  const box = `${sizes[size]} shrink-0 rounded`
  return image ? (
    <img
      src={image}
      alt=""
      width={size === 'sm' ? 32 : 40}
      height={size === 'sm' ? 32 : 40}
      loading="lazy"
      className={`${box} object-cover`}
    />
  ) : (
    <span aria-hidden="true" className={`${box} bg-slate-200`} />
  )
}
