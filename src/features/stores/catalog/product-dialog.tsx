import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { Product } from '@/api/generated/types.gen'
import { productVideosQuery } from '@/api/queries/products'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { linkClasses } from '@/components/ui/control-styles'
import { Dialog } from '@/components/ui/dialog'
import { InlineError } from '@/components/ui/inline-error'
import { Cell, Row, Table } from '@/components/ui/table'
import { priceRange, productName, unitName } from '@/lib/product-facts'
import { videoTitle } from '@/lib/video-facts'

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

// A product's variants with their identifiers, and the live videos that feature it.
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
  const videos = useQuery(productVideosQuery(product.id))
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
          {videos.isPending ? (
            <p className="text-sm text-slate-700">Finding the videos…</p>
          ) : videos.isError ? (
            <InlineError>The videos cannot be listed: {videos.error.message}</InlineError>
          ) : videos.data.videos.length === 0 ? (
            <p className="text-sm text-slate-700">No live video features this product.</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {videos.data.videos.map((video) => (
                <li key={video.id} className="flex items-center gap-2">
                  <Link
                    to="/videos/$videoId"
                    params={{ videoId: video.id }}
                    className={linkClasses}
                  >
                    {videoTitle(video)}
                  </Link>
                  {video.hidden ? <Badge>Hidden in the video’s product list</Badge> : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </Dialog>
  )
}
