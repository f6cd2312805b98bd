import { memo } from 'react'
import type { Product } from '@/api/generated/types.gen'
import { ProductImage } from '@/components/product-image'
import { Button } from '@/components/ui/button'
import { Cell, Row, Table } from '@/components/ui/table'
import { formatCount } from '@/lib/format'
import { priceRange, productName, stock } from '@/lib/product-facts'

// One page after another of a store's products; a product opens with its variants and videos.
// Memoized: each keystroke in the search box renders the screen in the key's event, and the rows
// shown until the new results arrive are the same.
export const ProductTable = memo(function ProductTable({
  products,
  onOpen,
  pictures,
}: {
  products: readonly Product[]
  onOpen: (product: Product) => void
  /** False while a search is typed: each letter's rows would ask for a page of pictures. */
  pictures: boolean
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
          <Row key={product.id} className="align-middle">
            <Cell>
              <div className="flex items-center gap-3">
                <ProductImage product={product} load={pictures} />
                <Button
                  variant="quiet"
                  size="sm"
                  className="text-left"
                  onClick={() => onOpen(product)}
                >
                  {productName(product)}
                </Button>
              </div>
            </Cell>
            <Cell>{product.brand ?? '—'}</Cell>
            <Cell className="whitespace-nowrap">{priceRange(product) ?? 'No price'}</Cell>
            <Cell>{inStock === null ? 'Not counted' : formatCount(inStock)}</Cell>
            <Cell>{product.units.length}</Cell>
          </Row>
        )
      })}
    </Table>
  )
})
