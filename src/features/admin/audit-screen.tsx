import { useSuspenseInfiniteQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { type AuditFilters, auditQuery, auditSearch } from '@/api/queries/admin'
import { Badge } from '@/components/ui/badge'
import { buttonClasses } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { LoadMoreButton } from '@/components/ui/load-more-button'
import { Panel } from '@/components/ui/panel'
import { Cell, Row, Table } from '@/components/ui/table'
import { formatDateTime } from '@/lib/format'
import { AuditFilterBar } from './audit-filter-bar'

const columns = [
  { label: 'When' },
  { label: 'Who' },
  { label: 'Operation' },
  { label: 'Request' },
  { label: 'Result' },
]

/** Every write made through the dashboard: who, what, on which resource, when, with what result. */
export function AuditScreen({ filters }: { filters: AuditFilters }) {
  const query = useSuspenseInfiniteQuery(auditQuery(filters))
  const navigate = useNavigate({ from: '/admin/audit' })
  const entries = query.data.pages.flatMap((page) => page.entries)
  return (
    <Panel
      title="Audit log"
      actions={
        <a
          className={buttonClasses('secondary')}
          href={`/auth/audit.csv?${auditSearch(filters)}`}
          download
        >
          Export CSV
        </a>
      }
    >
      <AuditFilterBar
        filters={filters}
        onChange={(next) => navigate({ search: next, replace: true })}
      />
      {entries.length === 0 ? (
        <EmptyState title="No writes match these filters" />
      ) : (
        <Table caption="Audit log, newest first" columns={columns}>
          {entries.map((entry) => (
            <Row key={entry.id}>
              <Cell className="whitespace-nowrap">{formatDateTime(entry.at)}</Cell>
              <Cell>{entry.account_email}</Cell>
              <Cell className="font-mono text-xs">{entry.operation}</Cell>
              <Cell className="font-mono text-xs break-all">
                {entry.method} {entry.path}
              </Cell>
              <Cell>
                <Badge tone={entry.status < 400 ? 'success' : 'danger'}>{entry.status}</Badge>
                {entry.count > 1 ? (
                  <span className="text-xs text-slate-700">
                    {' '}
                    · {entry.count} attempts that minute
                  </span>
                ) : null}
              </Cell>
            </Row>
          ))}
        </Table>
      )}
      {query.hasNextPage ? (
        <LoadMoreButton loading={query.isFetchingNextPage} onLoadMore={query.fetchNextPage}>
          Show older entries
        </LoadMoreButton>
      ) : null}
    </Panel>
  )
}
