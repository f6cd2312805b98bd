import { useQuery, useSuspenseInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { toServiceError } from '@/api/client'
import type { BusinessStoreListItem } from '@/api/generated/types.gen'
import { storePagesQuery, storeQuery } from '@/api/queries/stores'
import { Button, buttonClasses } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { EmptyState } from '@/components/ui/empty-state'
import { LoadMoreButton } from '@/components/ui/load-more-button'
import { PageHeader } from '@/components/ui/page-header'
import { useToast } from '@/components/ui/toast'
import { usePermission } from '@/lib/permissions'
import { StoreFormDialog } from './store-form-dialog'
import { storeName } from './store-words'
import { StoresTable } from './stores-table'
import { useStoreMutations } from './use-store-mutations'

type Acting = { kind: 'create' } | { kind: 'edit' | 'delete'; store: BusinessStoreListItem } | null

// The business's stores (product catalogs): newest first, created here as local stores.
export function StoresScreen() {
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useSuspenseInfiniteQuery(
    storePagesQuery(),
  )
  const { create, update, remove } = useStoreMutations()
  const toast = useToast()
  const [acting, setActing] = useState<Acting>(null)
  const close = () => setActing(null)
  const creating = usePermission('createBusinessStore')
  const updating = usePermission('updateBusinessStore')
  const deleting = usePermission('deleteBusinessStore')

  return (
    <div className="space-y-4">
      <PageHeader
        title="Stores"
        actions={
          <>
            <Link to="/coverage" className={buttonClasses('secondary', 'sm')}>
              Coverage
            </Link>
            <Button
              variant="primary"
              size="sm"
              unavailableReason={creating.reason}
              onClick={() => setActing({ kind: 'create' })}
            >
              New store
            </Button>
          </>
        }
        description="Each store is a product catalog in one currency. Videos are tagged with its products. Stores from a commerce platform get their catalog from it; stores managed here are edited in this dashboard."
      />
      {data.stores.length === 0 ? (
        <EmptyState title="No stores yet." />
      ) : (
        <StoresTable
          stores={data.stores}
          onEdit={(store) => setActing({ kind: 'edit', store })}
          onDelete={(store) => setActing({ kind: 'delete', store })}
          editReason={updating.reason}
          deleteReason={deleting.reason}
        />
      )}
      {hasNextPage ? (
        <LoadMoreButton loading={isFetchingNextPage} onLoadMore={fetchNextPage}>
          Show more stores
        </LoadMoreButton>
      ) : null}
      {acting?.kind === 'create' ? (
        <StoreFormDialog
          onClose={close}
          onSubmit={async ({ name, currency, uid, url }) => {
            const store = await create.mutateAsync({
              name,
              currency,
              ...(uid ? { uid } : {}),
              ...(url ? { url } : {}),
            })
            close()
            toast(`Created “${storeName(store)}”.`, { tone: 'success' })
          }}
        />
      ) : null}
      {acting?.kind === 'edit' ? (
        <EditStore id={acting.store.id} update={update} onClose={close} />
      ) : null}
      {acting?.kind === 'delete' ? (
        <ConfirmDialog
          title={`Delete “${storeName(acting.store)}”?`}
          confirmLabel="Delete store"
          tone="danger"
          busy={remove.isPending}
          onCancel={close}
          onConfirm={() =>
            remove.mutate(acting.store.id, {
              onSuccess: () => {
                close()
                toast(`Deleted “${storeName(acting.store)}”.`, { tone: 'success' })
              },
              onError: (error) => {
                close()
                toast(deleteRefusal(error), { tone: 'danger' })
              },
            })
          }
        >
          Its products can no longer be tagged, and videos tagged with them lose those tags in the
          player.
        </ConfirmDialog>
      ) : null}
    </div>
  )
}

// A store whose products feed a domain assistant (a knowledge base) cannot go (document 2, 4.1).
function deleteRefusal(error: unknown): string {
  const { status, message } = toServiceError(error)
  return status === 422
    ? 'Not deleted: some of this store’s products are linked to a domain assistant (a knowledge base). Remove those links in the assistant first, then delete the store.'
    : `Not deleted: ${message}`
}

function EditStore({
  id,
  update,
  onClose,
}: {
  id: string
  update: ReturnType<typeof useStoreMutations>['update']
  onClose: () => void
}) {
  const toast = useToast()
  const detail = useQuery(storeQuery(id))
  if (!detail.data) return null
  return (
    <StoreFormDialog
      store={detail.data}
      onClose={onClose}
      onSubmit={async ({ name, currency, url }) => {
        await update.mutateAsync({ id, body: { name, currency, url: url || null } })
        onClose()
        toast('Saved.', { tone: 'success' })
      }}
    />
  )
}
