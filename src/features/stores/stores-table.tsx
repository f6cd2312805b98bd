import { Link } from '@tanstack/react-router'
import type { BusinessStoreListItem } from '@/api/generated/types.gen'
import { Badge } from '@/components/ui/badge'
import { linkClasses } from '@/components/ui/control-styles'
import { Menu } from '@/components/ui/menu'
import { Cell, Row, Table } from '@/components/ui/table'
import { safeHttpUrl } from '@/lib/format'
import { currencyName } from './currencies'
import { providerName, storeName, storeTypeName } from './store-words'

// The business's active stores, newest first, each with its actions.
export function StoresTable({
  stores,
  onEdit,
  onDelete,
  editReason,
  deleteReason,
}: {
  stores: readonly BusinessStoreListItem[]
  onEdit: (store: BusinessStoreListItem) => void
  onDelete: (store: BusinessStoreListItem) => void
  /** Why this account cannot change or delete stores, if it cannot. */
  editReason: string | undefined
  deleteReason: string | undefined
}) {
  return (
    <Table
      caption="Stores, newest first"
      columns={[
        { label: 'Store' },
        { label: 'Catalog from' },
        { label: 'Currency' },
        { label: 'Type' },
        { label: 'Actions', hidden: true, className: 'w-12' },
      ]}
    >
      {stores.map((store) => {
        const url = safeHttpUrl(store.url)
        return (
          <Row key={store.id} className="align-top">
            <Cell>
              <Link
                to="/stores/$storeId"
                params={{ storeId: store.id }}
                search={(prev) => ({ channel: prev.channel })}
                className={`block font-medium ${linkClasses}`}
              >
                {storeName(store)}
              </Link>
              {url ? (
                <a
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`break-all ${linkClasses}`}
                >
                  {store.url}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : null}
            </Cell>
            <Cell>
              {store.provider === 'local' ? (
                providerName(store.provider)
              ) : (
                <Badge tone="info">{providerName(store.provider)}</Badge>
              )}
            </Cell>
            <Cell>
              {store.currency}{' '}
              <span className="text-slate-700">· {currencyName(store.currency)}</span>
            </Cell>
            <Cell>{storeTypeName(store.store_type)}</Cell>
            <Cell>
              <Menu
                label={`Actions for ${storeName(store)}`}
                items={[
                  {
                    label: 'Edit…',
                    onSelect: () => onEdit(store),
                    disabledReason: editReason,
                  },
                  {
                    label: 'Delete…',
                    onSelect: () => onDelete(store),
                    disabledReason: deleteReason,
                  },
                ]}
              />
            </Cell>
          </Row>
        )
      })}
    </Table>
  )
}
