import { queryOptions } from '@tanstack/react-query'
import { dashboardApi } from '../dashboard-api'
import { savedViewListSchema } from '../saved-views'

// In the sidebar, so in every first screen's code: nothing here but the list.
export const savedViewKeys = {
  all: ['saved-views'] as const,
  list: () => [...savedViewKeys.all, 'list'] as const,
}

/** The signed-in person's views and the team's shared ones (shared first, each by name). */
export const savedViewsQuery = () =>
  queryOptions({
    queryKey: savedViewKeys.list(),
    queryFn: ({ signal }) =>
      dashboardApi('/api/dashboard/views', { signal, schema: savedViewListSchema }).then(
        (body) => body.views,
      ),
  })
