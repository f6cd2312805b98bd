import { useInfiniteQuery, useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { indexStatusQuery, indexSummaryQuery } from '@/api/queries/merch-index'
import { videoListQuery } from '@/api/queries/videos'
import { IndexFreshness } from '@/components/merch-index/index-freshness'
import { useCurrentChannel } from '@/components/shell/use-current-channel'
import { Callout } from '@/components/ui/callout'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'
import { Panel } from '@/components/ui/panel'
import { Figure, figureLinkClasses, figureValue } from './figure'
import { homeLinks } from './home-links'
import { processingFilters } from './load-home'
import { NeedsALook } from './needs-a-look'
import { ScheduleChart } from './schedule-chart'
import { StateChart } from './state-chart'

const route = getRouteApi('/')

/**
 * The home page (issue 21): the channel's day at a glance. Every figure links to the list it
 * counts. The index answers most of them; the service answers what is processing and what waits
 * for review, so those match the lists they open and show without the index too.
 */
export function HomeScreen() {
  const { channelId } = route.useLoaderData()
  if (!channelId)
    return (
      <div className="space-y-4">
        <PageHeader title="Today" />
        <EmptyState title="This business has no channel yet" />
      </div>
    )
  return <ChannelDay channelId={channelId} />
}

function ChannelDay({ channelId }: { channelId: string }) {
  const { channels } = useCurrentChannel()
  const name = channels.find((channel) => channel.id === channelId)?.name || 'This channel'
  const status = useSuspenseQuery(indexStatusQuery())
  const indexed = status.data.state !== 'off'
  const summary = useQuery({ ...indexSummaryQuery(channelId), enabled: indexed })
  const processing = useInfiniteQuery({
    ...videoListQuery(channelId, processingFilters),
    select: (list) => list.pages[0]?.pagination.total_entries ?? 0,
  })
  return (
    <div className="space-y-6">
      <PageHeader
        title="Today"
        description={
          <>
            <p>{name} at a glance: its videos by state, and what needs a look.</p>
            {indexed ? <IndexFreshness status={summary.data?.index ?? status.data} /> : null}
          </>
        }
      />
      {indexed ? null : (
        <Callout title="Most of this page needs the dashboard's index">
          Videos by state, the schedule and the checks are answered from the dashboard's own index
          of the service, which this server was started without. `npm start` runs it.
        </Callout>
      )}
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <Panel title="Videos by state">
          <Link {...homeLinks.processing} className={figureLinkClasses}>
            <Figure
              value={figureValue(processing)}
              label="videos processing"
              note="Uploaded, and being prepared by the service."
            />
          </Link>
          {summary.data ? <StateChart states={summary.data.states} /> : null}
        </Panel>
        {summary.data ? (
          <Panel title="Going live in the next 14 days">
            <ScheduleChart
              days={summary.data.scheduled_days}
              scheduled={summary.data.states.scheduled}
            />
          </Panel>
        ) : null}
      </div>
      <NeedsALook channelId={channelId} summary={summary.data ?? null} />
    </div>
  )
}
