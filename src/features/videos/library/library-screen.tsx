import { useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { lazy, Suspense, useCallback, useDeferredValue, useMemo, useRef, useState } from 'react'
import { type LibraryVideo, videoListQuery } from '@/api/queries/videos'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Kbd } from '@/components/ui/kbd'
import { LoadMoreButton } from '@/components/ui/load-more-button'
import { PageHeader } from '@/components/ui/page-header'
import { SearchBox } from '@/components/ui/search-box'
import { PageSkeleton } from '@/components/ui/skeleton'
import { FiltersBar } from '@/components/video/filters-bar'
import { formatCount } from '@/lib/format'
import { handOverFiles } from '@/lib/pending-uploads'
import { usePermission } from '@/lib/permissions'
import { useHasStood } from '@/lib/use-has-stood'
import { useSearchDraft } from '@/lib/use-search-draft'
import { toFilters } from '@/lib/video-search'
import { FileDropOverlay } from './file-drop-overlay'
import { IndexFilters } from './index-filters'
import { LibraryCount } from './library-count'
import { useLibraryItems } from './library-items'
import { changeSearch, type LibrarySearch } from './library-search'
import { useLibraryShortcuts } from './library-shortcuts'
import { SaveViewButton } from './save-view-button'
import { UploadLink } from './upload-link'
import { useBulkActions } from './use-bulk-actions'
import { useFirstScreen, useReturnsScrolledDown } from './use-first-screen'
import { useLibraryList } from './use-library-list'
import { firstScreenCards, VideoGrid } from './video-grid'

const route = getRouteApi('/videos/')
// Shown once videos are selected or acted on, so not in the first screen's script.
const BulkBar = lazy(() => import('./bulk-bar').then((module) => ({ default: module.BulkBar })))
const BulkReportPanel = lazy(() =>
  import('./bulk-bar').then((module) => ({ default: module.BulkReportPanel })),
)
// The grid is the first screen; the table, chosen with the toggle, loads its code then.
const VideoTable = lazy(() =>
  import('./video-table').then((module) => ({ default: module.VideoTable })),
)
const MatchingJobs = lazy(() =>
  import('../matching/matching-jobs').then((module) => ({ default: module.MatchingJobs })),
)
const noVideos: LibraryVideo[] = []

export function LibraryScreen() {
  const search = route.useSearch()
  const { channelId } = route.useLoaderData()
  const navigate = route.useNavigate()
  if (!channelId) return <p className="text-slate-700">This business has no channel yet.</p>
  return <Library key={channelId} channelId={channelId} search={search} navigate={navigate} />
}

function Library({
  channelId,
  search: address,
  navigate,
}: {
  channelId: string
  search: LibrarySearch
  navigate: ReturnType<typeof route.useNavigate>
}) {
  const queryClient = useQueryClient()
  const update = useCallback(
    (patch: Partial<LibrarySearch>, replace = false) =>
      navigate({ search: (prev: LibrarySearch) => changeSearch(prev, patch), replace }),
    [navigate],
  )
  const [q, typeQuery] = useSearchDraft(address.q ?? '', (typed, refine) =>
    update({ q: typed || undefined }, refine),
  )
  // What is typed is searched at once, ahead of the address (useSearchDraft); thumbnails wait
  // for a pause in typing.
  const search = useMemo(() => ({ ...address, q: q || undefined }), [address, q])
  const pictures = useHasStood(q)
  const { data, fetchNextPage, isFetchingNextPage, isPlaceholderData, ...list } = useLibraryList(
    channelId,
    search,
  )
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const bulk = useBulkActions()
  const listRef = useRef<HTMLDivElement>(null)
  const searchRef = useRef<HTMLInputElement>(null)
  const view = search.view ?? 'grid'
  // The toggle shows the choice at once; the other view (24 rows or cards) renders after it.
  const shownView = useDeferredValue(view)

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
  const videos = data?.videos ?? noVideos
  // The first screen's cards; the rest follow a moment later, unless the page returns scrolled down.
  const firstScreen = useFirstScreen(videos, firstScreenCards, useReturnsScrolledDown())
  const ids = useMemo(() => videos.map((video) => video.id), [videos])
  const item = useLibraryItems({
    ids,
    selected,
    toggle,
    open: (videoId) => navigate({ to: '/videos/$videoId', params: { videoId } }),
    listRef,
  })
  useLibraryShortcuts(searchRef)
  const chosen = videos.filter((video) => selected.has(video.id))
  // The first selection ticks its box at once; the bar follows once its code has loaded (an
  // urgent render waiting on it would leave the box unticked meanwhile).
  const barWanted = useDeferredValue(chosen.length > 0)
  // Files dropped on the library are handed to the uploads screen (in the same channel).
  const uploadDropped = useCallback(
    (files: File[]) => {
      handOverFiles(files)
      navigate({ to: '/uploads' })
    },
    [navigate],
  )
  const filtered = list.filtered
  const uploading = usePermission('createUploadSignature')

  return (
    <div className="space-y-4">
      <PageHeader
        title="Video library"
        actions={
          <>
            {data ? (
              <LibraryCount total={data.total} filtered={filtered} updating={isPlaceholderData} />
            ) : null}
            <UploadLink upload={uploading} size="sm" />
          </>
        }
      />
      {uploading.allowed ? <FileDropOverlay onDrop={uploadDropped} /> : null}
      <div className="flex flex-wrap items-end gap-3">
        <SearchBox
          ref={searchRef}
          value={q}
          onSearch={(q) => {
            // Asked for in the keystroke itself, before the navigation and the render that would
            // ask; the list then takes over this request, and cancels the one before it.
            const next = { ...search, q: q || undefined }
            if (!list.indexFilter)
              void queryClient.prefetchInfiniteQuery(videoListQuery(channelId, toFilters(next)))
            typeQuery(q)
          }}
        />
        <ViewToggle
          view={view}
          onChange={(mode) => update({ view: mode === 'grid' ? undefined : mode })}
        />
        <SaveViewButton search={search} />
      </div>
      <FiltersBar search={search} onChange={(patch) => update(patch)} />
      <IndexFilters search={search} onChange={(patch) => update(patch)} status={list.index} />
      <Suspense fallback={null}>
        {barWanted && chosen.length > 0 && (
          <BulkBar
            count={chosen.length}
            videos={chosen}
            running={bulk.running}
            onAction={(action) => {
              bulk.run(action, chosen).then(() => setSelected(new Set()))
            }}
            onCopyLinks={() => bulk.copyDownloadLinks(chosen)}
            channelId={channelId}
            onTagProducts={(storeId, productIds, mode) => {
              bulk.tagProducts(chosen, storeId, productIds, mode).then(() => setSelected(new Set()))
            }}
            onStartMatching={(autoAccept) => {
              bulk.findProducts(chosen, autoAccept).then(() => setSelected(new Set()))
            }}
            onAddToPlaylist={(playlist, at) => {
              bulk.addToPlaylist(playlist, chosen, at).then(() => setSelected(new Set()))
            }}
            onClear={() => setSelected(new Set())}
          />
        )}
        {bulk.report && <BulkReportPanel report={bulk.report} onDismiss={bulk.dismissReport} />}
        {bulk.matchingJobs.length > 0 && (
          <MatchingJobs videoIds={bulk.matchingJobs} onDismiss={bulk.dismissMatchingJobs} />
        )}
      </Suspense>
      <div ref={listRef}>
        {list.error ? (
          <div role="alert">
            <EmptyState title="The dashboard's index could not answer these filters.">
              {list.error.message}
            </EmptyState>
          </div>
        ) : !data ? (
          <PageSkeleton />
        ) : videos.length === 0 ? (
          <EmptyState
            title={filtered ? 'No videos match these filters.' : 'No videos in this channel yet.'}
            action={filtered ? null : <UploadLink upload={uploading} size="md" />}
          />
        ) : shownView === 'grid' ? (
          <VideoGrid videos={firstScreen} item={item} pictures={pictures} />
        ) : (
          <Suspense fallback={<PageSkeleton />}>
            <VideoTable videos={firstScreen} item={item} pictures={pictures} />
          </Suspense>
        )}
      </div>
      {data?.hasMore && (
        <div className="flex justify-center">
          <LoadMoreButton loading={isFetchingNextPage} onLoadMore={fetchNextPage}>
            Show more ({formatCount(videos.length)} of {formatCount(data.total)})
          </LoadMoreButton>
        </div>
      )}
      <p className="text-xs text-slate-700">
        Keyboard: <Kbd>/</Kbd> search · <Kbd>↑</Kbd> <Kbd>↓</Kbd> or <Kbd>j</Kbd> <Kbd>k</Kbd> move
        · <Kbd>x</Kbd> select · <Kbd>Enter</Kbd> open · <Kbd>?</Kbd> all shortcuts
      </p>
    </div>
  )
}

function ViewToggle({
  view,
  onChange,
}: {
  view: 'grid' | 'table'
  onChange: (view: 'grid' | 'table') => void
}) {
  return (
    <fieldset className="flex rounded-md border border-slate-300 bg-white p-0.5">
      <legend className="sr-only">View</legend>
      {(['grid', 'table'] as const).map((mode) => (
        <Button
          key={mode}
          size="sm"
          variant={view === mode ? 'primary' : 'quiet'}
          aria-pressed={view === mode}
          onClick={() => onChange(mode)}
        >
          {mode === 'grid' ? 'Grid' : 'Table'}
        </Button>
      ))}
    </fieldset>
  )
}
