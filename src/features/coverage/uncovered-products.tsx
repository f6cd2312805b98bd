import { useSuspenseInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ProductSort } from '@/api/merch-index'
import { uncoveredProductsQuery } from '@/api/queries/merch-index'
import { linkClasses } from '@/components/ui/control-styles'
import { EmptyState } from '@/components/ui/empty-state'
import { LoadMoreButton } from '@/components/ui/load-more-button'
import { Select } from '@/components/ui/select'
import { Cell, Row, Table } from '@/components/ui/table'
import { formatCount, formatMoney } from '@/lib/format'

const sortLabels: Record<ProductSort, string> = {
  name: 'Name',
  brand: 'Brand',
  price: 'Price',
  quantity: 'Stock',
}

const columns = [{ label: 'Product' }, { label: 'Brand' }, { label: 'Price' }, { label: 'Stock' }]

/** The store's products that no live video of the channel shows: what to film or tag next. */
export function UncoveredProducts({
  channelId,
  sort,
  order,
  onSort,
}: {
  channelId: string
  sort: ProductSort
  order: 'asc' | 'desc'
  onSort: (sort: ProductSort, order: 'asc' | 'desc') => void
}) {
  const query = useSuspenseInfiniteQuery(uncoveredProductsQuery(channelId, sort, order))
  const products = query.data.pages.flatMap((page) => page.products)
  const total = query.data.pages[0]?.total ?? 0
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm">
          <span className="block font-medium">Sort by</span>
          <Select
            className="block"
            value={sort}
            onChange={(event) => onSort(event.target.value as ProductSort, order)}
          >
            {Object.entries(sortLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </label>
        <label className="text-sm">
          <span className="block font-medium">Order</span>
          <Select
            className="block"
            value={order}
            onChange={(event) => onSort(sort, event.target.value as 'asc' | 'desc')}
          >
            <option value="asc">Lowest first</option>
            <option value="desc">Highest first</option>
          </Select>
        </label>
        <p className="text-sm text-slate-700" aria-live="polite">
          {formatCount(total)} {total === 1 ? 'product has' : 'products have'} no live video.
        </p>
      </div>
      {products.length === 0 ? (
        <EmptyState title="Every product is on a live video" />
      ) : (
        <Table caption="Products without a live video" columns={columns}>
          {products.map((product) => (
            <Row key={product.id}>
              <Cell>
                <Link
                  to="/stores/$storeId"
                  params={{ storeId: product.store_id }}
                  search={{ q: product.name ?? '' }}
                  className={linkClasses}
                >
                  {product.name ?? 'Unnamed product'}
                </Link>
              </Cell>
              <Cell>{product.brand ?? '—'}</Cell>
              <Cell>
                {product.price_min === null
                  ? '—'
                  : formatMoney(product.price_min, product.currency)}
              </Cell>
              <Cell>
                {product.quantity === null
                  ? 'Not counted'
                  : product.in_stock
                    ? formatCount(product.quantity)
                    : 'Out of stock'}
              </Cell>
            </Row>
          ))}
        </Table>
      )}
      {query.hasNextPage ? (
        <LoadMoreButton loading={query.isFetchingNextPage} onLoadMore={query.fetchNextPage}>
          Show more products
        </LoadMoreButton>
      ) : null}
    </div>
  )
}
