import {
  keepPreviousData,
  useInfiniteQuery,
  useQueryClient,
  useSuspenseQuery,
} from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import type { Product } from '@/api/generated/types.gen'
import { catalogQuery } from '@/api/queries/products'
import { storeQuery } from '@/api/queries/stores'
import { Button } from '@/components/ui/button'
import { linkClasses } from '@/components/ui/control-styles'
import { EmptyState } from '@/components/ui/empty-state'
import { LoadMoreButton } from '@/components/ui/load-more-button'
import { PageHeader } from '@/components/ui/page-header'
import { SearchBox } from '@/components/ui/search-box'
import { PageSkeleton } from '@/components/ui/skeleton'
import { useToast } from '@/components/ui/toast'
import { UnavailableGroup } from '@/components/ui/unavailable-reason'
import { usePermission } from '@/lib/permissions'
import { productName } from '@/lib/product-facts'
import { useHasStood } from '@/lib/use-has-stood'
import { useSearchDraft } from '@/lib/use-search-draft'
import { currencyName } from '../currencies'
import { providerName, storeName } from '../store-words'
import { ProductDialog } from './product-dialog'
import { ProductFormDialog } from './product-form/product-form-dialog'
import { toUpsertBody } from './product-form/product-form-schema'
import { ProductTable } from './product-table'
import { useUpsertProduct } from './use-upsert-product'

const route = getRouteApi('/stores/$storeId')

// The CSV reader loads only when an import starts.
const ImportDialog = lazy(() =>
  import('./import/import-dialog').then((module) => ({ default: module.ImportDialog })),
)

// A store's catalog, searchable by name, brand, SKU, GTIN, MPN, barcode or external id.
export function CatalogScreen() {
  const { storeId } = route.useParams()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const { data: store } = useSuspenseQuery(storeQuery(storeId))
  const queryClient = useQueryClient()
  const [q, onSearch] = useSearchDraft(search.q ?? '', (typed, refine) =>
    navigate({ search: (prev) => ({ ...prev, q: typed || undefined }), replace: refine }),
  )
  // Each keystroke asks (the previous request is cancelled); the products shown stay until the
  // new ones arrive.
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage, isPlaceholderData } =
    useInfiniteQuery({ ...catalogQuery(storeId, q), placeholderData: keepPreviousData })
  // Pictures wait for a pause in typing: the page of them each letter's results asked for held
  // up the next letter's search (docs/benchmarking.md, bench:catalog).
  const pictures = useHasStood(q)
  const [open, setOpen] = useState<Product | null>(null)
  const [importing, setImporting] = useState(false)
  const [editing, setEditing] = useState<{ product: Product | null } | null>(null)
  const upsert = useUpsertProduct()
  const toast = useToast()
  // Only a store managed here takes products from the dashboard; a platform's store syncs its own.
  const editable = store.provider === 'local'
  const catalogWrite = usePermission('upsertProduct')
  return (
    <div className="space-y-4">
      <PageHeader
        back={
          <Link
            to="/stores"
            search={(prev) => ({ channel: prev.channel })}
            className={`text-sm ${linkClasses}`}
          >
            ← Stores
          </Link>
        }
        title={storeName(store)}
        actions={
          <UnavailableGroup>
            <Button
              variant="primary"
              size="sm"
              disabled={!editable}
              aria-describedby={editable ? undefined : 'catalog-read-only'}
              unavailableReason={editable ? catalogWrite.reason : undefined}
              onClick={() => setEditing({ product: null })}
            >
              New product
            </Button>
            <Button
              size="sm"
              disabled={!editable}
              aria-describedby={editable ? undefined : 'catalog-read-only'}
              unavailableReason={editable ? catalogWrite.reason : undefined}
              onClick={() => setImporting(true)}
            >
              Import CSV…
            </Button>
          </UnavailableGroup>
        }
        description={
          <>
            <p>
              {providerName(store.provider)} · {store.currency} ({currencyName(store.currency)})
              {isPlaceholderData ? ' · updating…' : ''}
            </p>
            {editable ? null : (
              <p id="catalog-read-only">
                This catalog comes from {providerName(store.provider)}; change its products there.
              </p>
            )}
          </>
        }
      />
      <SearchBox
        id="catalog-search"
        label="Search products by name, brand, SKU, GTIN, MPN, barcode or external id"
        placeholder="Search by name, brand, SKU, GTIN, MPN, barcode or external id"
        value={q}
        onSearch={(typed) => {
          // Asked for in the keystroke itself, before the render that would ask; the list then
          // takes over this request, and cancels the one before it.
          void queryClient.prefetchInfiniteQuery(catalogQuery(storeId, typed))
          onSearch(typed)
        }}
      />
      {!data ? (
        <PageSkeleton />
      ) : data.products.length === 0 ? (
        <EmptyState title={q ? 'No product matches.' : 'This store has no products yet.'} />
      ) : (
        <ProductTable products={data.products} onOpen={setOpen} pictures={pictures} />
      )}
      {hasNextPage ? (
        <LoadMoreButton loading={isFetchingNextPage} onLoadMore={fetchNextPage}>
          Show more products
        </LoadMoreButton>
      ) : null}
      {open ? (
        <ProductDialog
          product={open}
          onClose={() => setOpen(null)}
          editReason={catalogWrite.reason}
          onEdit={
            editable
              ? () => {
                  setEditing({ product: open })
                  setOpen(null)
                }
              : undefined
          }
        />
      ) : null}
      {importing ? (
        <Suspense fallback={null}>
          <ImportDialog storeId={storeId} onClose={() => setImporting(false)} />
        </Suspense>
      ) : null}
      {editing ? (
        <ProductFormDialog
          product={editing.product}
          onClose={() => setEditing(null)}
          onSubmit={async (values) => {
            const saved = await upsert.mutateAsync(toUpsertBody(storeId, values))
            setEditing(null)
            toast(`Saved “${productName(saved)}”.`, { tone: 'success' })
          }}
        />
      ) : null}
    </div>
  )
}
