import type { Product } from '@/api/generated/types.gen'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Cell, Row, Table } from '@/components/ui/table'
import { priceRange, productName, unitName } from '@/lib/product-facts'
import { ProductVideos } from './product-videos'

const identifiers = (unit: Product['units'][number]) =>
  [
    ['SKU', unit.sku],
    ['GTIN', unit.gtin],
    ['MPN', unit.mpn],
    ['Barcode', unit.barcode],
    ['External id', unit.external_id],
  ]
    .filter(([, value]) => value)
    .map(([kind, value]) => `${kind} ${value}`)
    .join(' · ')

// A product's variants with their identifiers, and the videos that show it.
export function ProductDialog({
  product,
  onClose,
  onEdit,
  editReason,
}: {
  product: Product
  onClose: () => void
  /** Absent for a catalog that comes from a platform. */
  onEdit?: () => void
  /** Why the account cannot edit products, when it cannot. */
  editReason?: string | undefined
}) {
  return (
    <Dialog
      title={productName(product)}
      description={[product.brand, priceRange(product)].filter(Boolean).join(' · ') || undefined}
      onClose={onClose}
      size="lg"
      footer={
        <>
          {onEdit ? (
            <Button unavailableReason={editReason} onClick={onEdit}>
              Edit product
            </Button>
          ) : null}
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      <div className="space-y-4">
        <Table
          caption={`Variants of ${productName(product)}`}
          columns={[
            { label: 'Variant' },
            { label: 'Price' },
            { label: 'Stock' },
            { label: 'Identifiers' },
          ]}
        >
          {product.units.map((unit) => (
            <Row key={unit.id}>
              <Cell>{unitName(unit)}</Cell>
              <Cell>{unit.price ?? '—'}</Cell>
              <Cell>{unit.quantity ?? 'Not counted'}</Cell>
              <Cell className="text-xs">{identifiers(unit) || '—'}</Cell>
            </Row>
          ))}
        </Table>
        <section aria-labelledby="product-videos" className="space-y-2">
          <h3 id="product-videos" className="text-base font-semibold">
            Where it is used
          </h3>
          <ProductVideos productId={product.id} />
        </section>
      </div>
    </Dialog>
  )
}
