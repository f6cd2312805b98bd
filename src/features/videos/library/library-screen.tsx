import { useSuspenseInfiniteQuery } from '@tanstack/react-query'
import { getRouteApi, Link, useRouter } from '@tanstack/react-router'
import { useCallback, useMemo, useRef, useState } from 'react'
import { formatCount } from '../../../lib/format'
import { handOverFiles } from '../../../lib/pending-uploads'
import { videoListQuery } from '../queries'
import { BulkBar, BulkReportPanel } from './bulk-bar'
import { FileDropOverlay } from './file-drop-overlay'
import { FiltersBar } from './filters-bar'
import { useLibraryItems } from './library-items'
import { type LibrarySearch, toFilters } from './library-search'
import { SearchBox } from './search-box'
import { useBulkActions } from './use-bulk-actions'
import { VideoGrid } from './video-grid'
import { VideoTable } from './video-table'

const route = getRouteApi('/videos/')

export function LibraryScreen() {
  const search = route.useSearch()
  const { channelId } = route.useLoaderData()
  const navigate = route.useNavigate()
  if (!channelId) return <p className="text-slate-700">This business has no channel yet.</p>
  return <Library key={channelId} channelId={channelId} search={search} navigate={navigate} />
}

function Library({
  channelId,
  search,
  navigate,
}: {
  channelId: string
  search: LibrarySearch
  navigate: ReturnType<typeof route.useNavigate>
}) {
  const filters = useMemo(() => toFilters(search), [search])
  const { data, fetchNextPage, isFetchingNextPage, isFetching } = useSuspenseInfiniteQuery(
    videoListQuery(channelId, filters),
  )
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const bulk = useBulkActions()
  const listRef = useRef<HTMLDivElement>(null)
  const searchRef = useRef<HTMLInputElement>(null)
  const view = search.view ?? 'grid'
  const router = useRouter()

  const update = useCallback(
    (patch: Partial<LibrarySearch>, replace = false) =>
      navigate({ search: (prev: LibrarySearch) => ({ ...prev, ...patch }), replace }),
    [navigate],
  )
  const toggle = useCallback(
    (id: string) =>
      setSelected((current) => {
        const next = new Set(current)
        if (next.has(id)) next.delete(id)
        else next.add(id)
        return next
      }),
    [],
  )
  const item = useLibraryItems({
    ids: data.videos.map((video) => video.id),
    labels: data.videos.map((video) => video.caption || 'Untitled video'),
    selected,
    toggle,
    open: (videoId) => navigate({ to: '/videos/$videoId', params: { videoId } }),
    listRef,
    searchRef,
  })
  const chosen = data.videos.filter((video) => selected.has(video.id))
  // Files dropped on the library are handed to the uploads screen (in the same channel).
  const uploadDropped = useCallback(
    (files: File[]) => {
      handOverFiles(files)
      navigate({ to: '/uploads' })
    },
    [navigate],
  )
  const filtered = Object.keys(filters).length > 0

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold">Video library</h1>
        <div className="flex flex-wrap items-baseline gap-4">
          <p className="text-sm text-slate-700" aria-live="polite">
            {formatCount(data.total)} {data.total === 1 ? 'video' : 'videos'}
            {filtered ? ' match' : ''}
            {isFetching && !isFetchingNextPage ? ' · updating…' : ''}
          </p>
          <Link
            to="/uploads"
            className="rounded-md bg-slate-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-slate-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            Upload videos
          </Link>
        </div>
      </div>
      <FileDropOverlay onDrop={uploadDropped} />
      <div className="flex flex-wrap items-end gap-3">
        <SearchBox
          ref={searchRef}
          value={search.q ?? ''}
          // The first search from an unfiltered view is a new history entry, so Back restores
          // that view; later keystrokes replace it (the latest location, as a load may be pending).
          onSearch={(q) => update({ q: q || undefined }, Boolean(router.latestLocation.search.q))}
        />
        <fieldset className="flex rounded-md border border-slate-300 bg-white p-0.5">
          <legend className="sr-only">View</legend>
          {(['grid', 'table'] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              aria-pressed={view === mode}
              onClick={() => update({ view: mode === 'grid' ? undefined : mode })}
              className={`rounded px-3 py-1.5 text-sm ${view === mode ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
            >
              {mode === 'grid' ? 'Grid' : 'Table'}
            </button>
          ))}
        </fieldset>
      </div>
      <FiltersBar search={search} onChange={(patch) => update(patch)} />
      {chosen.length > 0 && (
        <BulkBar
          count={chosen.length}
          running={bulk.running}
          onAction={(action) => {
            bulk.run(action, chosen).then(() => setSelected(new Set()))
          }}
          onCopyLinks={() => bulk.copyDownloadLinks(chosen)}
          onClear={() => setSelected(new Set())}
        />
      )}
      {bulk.report && <BulkReportPanel report={bulk.report} onDismiss={bulk.dismissReport} />}
      <div ref={listRef}>
        {data.videos.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-700">
            {filtered ? 'No videos match these filters.' : 'No videos in this channel yet.'}
          </p>
        ) : view === 'grid' ? (
          <VideoGrid videos={data.videos} item={item} />
        ) : (
          <VideoTable videos={data.videos} item={item} />
        )}
      </div>
      {data.hasMore && (
        <div className="flex justify-center">
          <button
            type="button"
            onClick={() => fetchNextPage()}
            disabled={isFetchingNextPage}
            className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-100 disabled:opacity-60"
          >
            {isFetchingNextPage
              ? 'Loading…'
              : `Show more (${formatCount(data.videos.length)} of ${formatCount(data.total)})`}
          </button>
        </div>
      )}
      <p className="text-xs text-slate-600">
        Keyboard: <kbd>/</kbd> search · <kbd>↑</kbd>/<kbd>↓</kbd> or <kbd>j</kbd>/<kbd>k</kbd> move
        · <kbd>x</kbd> select · <kbd>Enter</kbd> open
      </p>
    </div>
  )
}
