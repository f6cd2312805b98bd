import { useQuery } from '@tanstack/react-query'
import { ServiceError } from '../../../../api/client'
import { productQuery } from '../../../../api/queries/products'
import { Panel } from '../../../../components/ui/panel'

// Tagged products by name (one request per product, cached for every screen), and the count of
// tagged variants.
export function ProductTags({
  productIds,
  variantCount,
}: {
  productIds: string[]
  variantCount: number
}) {
  return (
    <Panel title="Products">
      {productIds.length === 0 ? (
        <p className="text-sm text-slate-700">No products tagged.</p>
      ) : (
        <ul className="space-y-1 text-sm text-slate-900">
          {productIds.map((id) => (
            <ProductTag key={id} id={id} />
          ))}
        </ul>
      )}
      <p className="text-sm text-slate-700">
        {variantCount === 1 ? '1 variant tagged' : `${variantCount} variants tagged`}
      </p>
    </Panel>
  )
}

function ProductTag({ id }: { id: string }) {
  const product = useQuery(productQuery(id))
  if (product.isPending) {
    return (
      <li aria-busy="true">
        <span className="font-mono text-slate-700">{id}</span>
        <span className="sr-only"> (loading the product name)</span>
      </li>
    )
  }
  if (product.isError) {
    const unknown = product.error instanceof ServiceError && product.error.status === 404
    return (
      <li>
        {unknown ? 'Unknown product' : 'Product name unavailable'}{' '}
        <span className="font-mono text-slate-700">({id})</span>
      </li>
    )
  }
  const { name, brand } = product.data
  return (
    <li>
      {name ?? <span className="font-mono">{id}</span>}
      {brand ? <span className="text-slate-700"> · {brand}</span> : null}
    </li>
  )
}
