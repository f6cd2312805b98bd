import { Link } from '@tanstack/react-router'
import type { BusinessStoreListItem } from '@/api/generated/types.gen'
import { Badge } from '@/components/ui/badge'
import { linkClasses } from '@/components/ui/control-styles'
import { Menu } from '@/components/ui/menu'
import { Table } from '@/components/ui/table'
import { safeHttpUrl } from '@/lib/format'
import { currencyName } from './currencies'
import { providerName, storeName, storeTypeName } from './store-words'

// The business's active stores, newest first, each with its actions.
export function StoresTable({
  stores,
  onEdit,
  onDelete,
  unavailableReason,
}: {
  stores: readonly BusinessStoreListItem[]
  onEdit: (store: BusinessStoreListItem) => void
  onDelete: (store: BusinessStoreListItem) => void
  /** Why this account cannot change stores, if it cannot. */
  unavailableReason?: string | undefined
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
          <tr key={store.id} className="border-b border-slate-100 align-top">
            <td className="p-2">
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
            </td>
            <td className="p-2">
              {store.provider === 'local' ? (
                providerName(store.provider)
              ) : (
                <Badge tone="info">{providerName(store.provider)}</Badge>
              )}
            </td>
            <td className="p-2">
              {store.currency}{' '}
              <span className="text-slate-700">· {currencyName(store.currency)}</span>
            </td>
            <td className="p-2">{storeTypeName(store.store_type)}</td>
            <td className="p-2">
              <Menu
                label={`Actions for ${storeName(store)}`}
                items={[
                  {
                    label: 'Edit…',
                    onSelect: () => onEdit(store),
                    disabledReason: unavailableReason,
                  },
                  {
                    label: 'Delete…',
                    onSelect: () => onDelete(store),
                    disabledReason: unavailableReason,
                  },
                ]}
              />
            </td>
          </tr>
        )
      })}
    </Table>
  )
}
