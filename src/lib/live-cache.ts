import type { InfiniteData, Query, QueryClient } from '@tanstack/react-query'
import type { VideoEventData } from '@/api/generated/types.gen'
import { indexKeys } from '@/api/queries/merch-index-keys'
import { reviewKeys } from '@/api/queries/review-keys'
import {
  fetchLibraryVideo,
  type LibraryPage,
  type VideoFilters,
  videoKeys,
} from '@/api/queries/videos'
import type { ServiceEvent } from '@/api/service-event'
import { subscribeLiveEvents } from './live-events'

// A list is not asked for again sooner than this after it loaded, however many events arrive for
// videos it does not show: a burst of them (a batch finishing processing) is one refetch, and a
// list is never refetched right after it loaded.
export const listSettleMs = 5_000
const indexSettleMs = 1_000
// A whole library's partly loaded list held every video that existed when it loaded (processing
// or not, newest first): one it does not show is further down, unless it was uploaded since, in
// another tab or by someone else. That rarer case waits for the list's fresh time.
export const libraryFreshMs = 30_000

type LibraryList = InfiniteData<LibraryPage, string | null>

const isLibraryList = (data: unknown): data is LibraryList =>
  Array.isArray((data as LibraryList | undefined)?.pages) &&
  (data as LibraryList).pages.every((page) => Array.isArray(page?.videos))

const shows = (data: LibraryList, id: string) =>
  data.pages.some((page) => page.videos.some((video) => video.id === id))

// What a service event changes in the cache: the video's record and everything read under it (its
// page, its uploads entry, its matches); in the lists, the video where a list shows it, in place
// (one read of that video, not of the lists); a list that does not show it may now (a video
// finished processing, a caption changed under a search) and is read again if on screen, at most
// once per `listSettleMs`. A list off screen is read again when it is next shown after its fresh
// time, as any other query. An edit form keeps its unsaved values when its record is read again.
export function applyLiveEventsTo(queryClient: QueryClient) {
  return subscribeLiveEvents(liveCacheUpdater(queryClient))
}

/** What `applyLiveEventsTo` does with each event (apart, so a test can hand it events). */
export function liveCacheUpdater(queryClient: QueryClient) {
  const pending = new Map<string, ReturnType<typeof setTimeout>>()
  const refetchLater = (query: Query, after = listSettleMs) => {
    if (pending.has(query.queryHash)) return
    const wait = Math.max(0, query.state.dataUpdatedAt + after - Date.now())
    pending.set(
      query.queryHash,
      setTimeout(() => {
        pending.delete(query.queryHash)
        void queryClient.refetchQueries({ queryKey: query.queryKey, exact: true, type: 'active' })
      }, wait),
    )
  }
  const reading = new Map<string, Promise<void>>()
  const readAgain = (id: string) => {
    if (reading.has(id)) return
    const read = fetchLibraryVideo(id)
      .then((video) => {
        for (const query of libraryLists(queryClient))
          queryClient.setQueryData<LibraryList>(query.queryKey, (data) =>
            data && shows(data, id)
              ? {
                  ...data,
                  pages: data.pages.map((page) => ({
                    ...page,
                    videos: page.videos.map((shown) => (shown.id === id ? video : shown)),
                  })),
                }
              : data,
          )
      })
      // Gone or unreadable now (deleted, say): the lists showing it are read again.
      .catch(() => {
        for (const query of libraryLists(queryClient))
          if (isLibraryList(query.state.data) && shows(query.state.data, id)) refetchLater(query)
      })
      .finally(() => reading.delete(id))
    reading.set(id, read)
  }

  return (event: ServiceEvent | 'reset') => {
    if (event === 'reset') {
      void queryClient.invalidateQueries({ queryKey: videoKeys.all })
      return
    }
    if (event.event_type === 'video_import_failed') return
    const id = event.data.id
    // A change this tab is making to the video brings its own answer, from which what it changed
    // is set or marked: its event, often in before that answer, must not read the video again
    // meanwhile and race the answer for the server (a review's next video waited behind it).
    const refetchType =
      queryClient.isMutating({ mutationKey: videoKeys.change(id) }) > 0 ? 'none' : 'active'
    void queryClient.invalidateQueries({ queryKey: videoKeys.detail(id), refetchType })
    void queryClient.invalidateQueries({ queryKey: reviewKeys.queues(), refetchType })
    // The server wrote the event into its index before sending it here (or, when it cannot tell
    // it from the index's news of the same second, is reading the video from the service). What
    // the index answers on screen is read again at most once a second: a burst of events is one read, not one each (the
    // home page's summary counts the whole channel).
    void queryClient.invalidateQueries({ queryKey: indexKeys.all, refetchType: 'none' })
    for (const query of queryClient.getQueryCache().findAll({ queryKey: indexKeys.all }))
      if (query.isActive()) refetchLater(query, indexSettleMs)
    const lists = libraryLists(queryClient)
    if (lists.some((query) => shows(query.state.data as LibraryList, id))) readAgain(id)
    for (const query of lists) {
      const data = query.state.data as LibraryList
      if (shows(data, id) || !query.isActive()) continue
      const filters = query.queryKey[3] as VideoFilters
      if (Object.keys(filters).length > 0) {
        if (mayMatch(filters, event.data)) refetchLater(query)
      } else refetchLater(query, data.pages.at(-1)?.links.next ? libraryFreshMs : listSettleMs)
    }
  }
}

// Whether a video, as an event describes it, may now be in a list with these filters (publication
// and type are not in an event: they may).
function mayMatch(filters: VideoFilters, video: VideoEventData): boolean {
  if (filters.status && filters.status !== video.status) return false
  if (filters.access && filters.access !== video.access) return false
  if (Boolean(filters.archived) !== (video.archived_at !== null)) return false
  if (filters.q && !(video.caption ?? '').toLowerCase().includes(filters.q.toLowerCase()))
    return false
  const hashtag = filters.hashtag?.toLowerCase()
  return !hashtag || video.hashtags.some((tag) => tag.toLowerCase() === hashtag)
}

function libraryLists(queryClient: QueryClient): Query[] {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: videoKeys.lists() })
    .filter((query) => isLibraryList(query.state.data))
}
