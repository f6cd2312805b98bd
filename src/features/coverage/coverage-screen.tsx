import { useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { coveragePath } from '@/api/merch-index'
import { indexStatusQuery } from '@/api/queries/merch-index'
import { IndexFreshness } from '@/components/merch-index/index-freshness'
import { useCurrentChannel } from '@/components/shell/use-current-channel'
import { buttonClasses } from '@/components/ui/button'
import { Callout } from '@/components/ui/callout'
import { PageHeader } from '@/components/ui/page-header'
import { Tabs } from '@/components/ui/tabs'
import { BrokenTags } from './broken-tags'
import type { CoverageSearch } from './coverage-search'
import { IndexProgress } from './index-progress'
import { ReadinessSettings } from './readiness-settings'
import { UncoveredProducts } from './uncovered-products'
import { UnsellingVideos } from './unselling-videos'

/**
 * Coverage (issue 21): what sells without a video, and what is watched without selling, from the
 * dashboard's index. Each view exports as CSV, whole.
 */
export function CoverageScreen({ search }: { search: CoverageSearch }) {
  const { current } = useCurrentChannel()
  const status = useSuspenseQuery(indexStatusQuery())
  const navigate = useNavigate({ from: '/coverage' })
  const view = search.show ?? 'products'
  const sort = search.sort ?? 'name'
  const order = search.order ?? 'asc'
  if (status.data.state === 'off')
    return (
      <div className="space-y-4">
        <PageHeader title="Coverage" />
        <Callout tone="info" title="This dashboard server keeps no index">
          Coverage is answered from the dashboard's own index of the service, which this server was
          started without. `npm start` runs it.
        </Callout>
      </div>
    )
  const change = (next: CoverageSearch) =>
    navigate({ search: (previous) => ({ ...previous, ...next }), replace: true })
  return (
    <div className="space-y-4">
      <PageHeader
        title="Coverage"
        description={<IndexFreshness status={status.data} />}
        actions={
          view === 'tags' ? null : (
            <a
              className={buttonClasses('secondary')}
              href={coveragePath(view, current, { sort, order, csv: true })}
              download
            >
              Export CSV
            </a>
          )
        }
      />
      <div className="grid gap-4 md:grid-cols-2">
        <IndexProgress />
        <ReadinessSettings />
      </div>
      <Tabs
        label="Coverage views"
        selectedId={view}
        onSelect={(id) => change({ show: id === 'videos' || id === 'tags' ? id : 'products' })}
        tabs={[
          {
            id: 'products',
            label: 'Products without a live video',
            content: (
              <UncoveredProducts
                channelId={current}
                sort={sort}
                order={order}
                onSort={(nextSort, nextOrder) => change({ sort: nextSort, order: nextOrder })}
              />
            ),
          },
          {
            id: 'videos',
            label: 'Live videos without a product',
            content: <UnsellingVideos channelId={current} />,
          },
          { id: 'tags', label: 'Broken tags', content: <BrokenTags channelId={current} /> },
        ]}
      />
    </div>
  )
}
