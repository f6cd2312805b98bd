import { queryOptions } from '@tanstack/react-query'
import { dashboardApi } from '../dashboard-api'
import type { NoticesRead } from '../notice-writes'
import { noticeListSchema } from '../notices'

// In the top bar, so in every first screen's code: the list and marking read, nothing more.
export const noticeKeys = {
  all: ['notices'] as const,
  list: () => [...noticeKeys.all, 'list'] as const,
}

/** How often the bell asks again while a screen is open (and whenever the window regains focus). */
const noticePollMs = 60_000

/** The signed-in person's newest notices and how many are unread. */
export const noticesQuery = () =>
  queryOptions({
    queryKey: noticeKeys.list(),
    queryFn: ({ signal }) =>
      dashboardApi('/api/dashboard/notices', { signal, schema: noticeListSchema }),
    refetchInterval: noticePollMs,
    staleTime: 10_000,
  })

/** Marks some of one's notices read, or all of them; answers the list as it now is. */
export const markNoticesRead = (which: NoticesRead) =>
  dashboardApi('/api/dashboard/notices/read', {
    method: 'POST',
    body: which,
    schema: noticeListSchema,
  })
