import type { InfiniteData, Query, QueryClient } from '@tanstack/react-query'
import { fetchLibraryVideo, type LibraryPage, videoKeys } from '@/api/queries/videos'
import type { ServiceEvent } from '@/api/service-event'
import { subscribeLiveEvents } from './live-events'

// A list is not asked for again sooner than this after it loaded, however many events arrive for
// videos it does not show: a burst of them (a batch finishing processing) is one refetch, and a
// list is never refetched right after it loaded.
export const listSettleMs = 5_000

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
  const refetchLater = (query: Query) => {
    if (pending.has(query.queryHash)) return
    const wait = Math.max(0, query.state.dataUpdatedAt + listSettleMs - Date.now())
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
    void queryClient.invalidateQueries({ queryKey: videoKeys.detail(id) })
    void queryClient.invalidateQueries({ queryKey: videoKeys.reviewQueues() })
    const lists = libraryLists(queryClient)
    if (lists.some((query) => shows(query.state.data as LibraryList, id))) readAgain(id)
    for (const query of lists)
      if (!shows(query.state.data as LibraryList, id) && query.isActive()) refetchLater(query)
  }
}

function libraryLists(queryClient: QueryClient): Query[] {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: videoKeys.lists() })
    .filter((query) => isLibraryList(query.state.data))
}
