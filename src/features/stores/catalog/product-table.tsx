import type { Product } from '@/api/generated/types.gen'
import { ProductImage } from '@/components/product-image'
import { Button } from '@/components/ui/button'
import { Table } from '@/components/ui/table'
import { formatCount } from '@/lib/format'
import { priceRange, productName, stock } from '@/lib/product-facts'

// One page after another of a store's products; a product opens with its variants and videos.
export function ProductTable({
  products,
  onOpen,
}: {
  products: readonly Product[]
  onOpen: (product: Product) => void
}) {
  return (
    <Table
      caption="Products"
      columns={[
        { label: 'Product' },
        { label: 'Brand' },
        { label: 'Price' },
        { label: 'Stock' },
        { label: 'Variants' },
      ]}
    >
      {products.map((product) => {
        const inStock = stock(product)
        return (
          <tr key={product.id} className="border-b border-slate-100 align-middle">
            <td className="p-2">
              <div className="flex items-center gap-3">
                <ProductImage product={product} />
                <Button
                  variant="quiet"
                  size="sm"
                  className="text-left"
                  onClick={() => onOpen(product)}
                >
                  {productName(product)}
                </Button>
              </div>
            </td>
            <td className="p-2">{product.brand ?? '—'}</td>
            <td className="p-2 whitespace-nowrap">{priceRange(product) ?? 'No price'}</td>
            <td className="p-2">{inStock === null ? 'Not counted' : formatCount(inStock)}</td>
            <td className="p-2">{product.units.length}</td>
          </tr>
        )
      })}
    </Table>
  )
}
