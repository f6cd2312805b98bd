import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useCallback, useEffect, useMemo, useState } from 'react'
import type { Playlist } from '@/api/generated/types.gen'
import { playlistListQuery } from '@/api/queries/playlists'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { EmptyState } from '@/components/ui/empty-state'
import { LoadMoreButton } from '@/components/ui/load-more-button'
import { PageHeader } from '@/components/ui/page-header'
import { SearchBox } from '@/components/ui/search-box'
import { Select } from '@/components/ui/select'
import { PageSkeleton } from '@/components/ui/skeleton'
import { StaleResults } from '@/components/ui/stale-results'
import { useToast } from '@/components/ui/toast'
import { usePermission } from '@/lib/permissions'
import { PlaylistFormDialog } from './playlist-form-dialog'
import { type PlaylistListSearch, toPlaylistFilters } from './playlist-list-search'
import { PlaylistTable } from './playlist-table'
import { usePlaylistMutations } from './use-playlist-mutations'

const route = getRouteApi('/playlists/')

export function PlaylistsScreen() {
  const { channelId } = route.useLoaderData()
  if (!channelId) return <p className="text-slate-700">This business has no channel yet.</p>
  return <Playlists key={channelId} channelId={channelId} />
}

type Editing = { kind: 'create' } | { kind: 'edit' | 'delete'; playlist: Playlist } | null

function Playlists({ channelId }: { channelId: string }) {
  const creating = usePermission('createPlaylist')
  const updating = usePermission('updatePlaylist')
  const deleting = usePermission('deletePlaylist')
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const toast = useToast()
  const filters = useMemo(() => toPlaylistFilters(search), [search])
  // Each keystroke asks (the previous request is cancelled); the playlists shown stay until the
  // new ones arrive.
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage, isPlaceholderData } =
    useInfiniteQuery({
      ...playlistListQuery(channelId, filters),
      placeholderData: keepPreviousData,
    })
  const { create, update, remove } = usePlaylistMutations()
  const [editing, setEditing] = useState<Editing>(null)
  const patchSearch = useCallback(
    (patch: Partial<PlaylistListSearch>, replace = false) =>
      navigate({ search: (prev: PlaylistListSearch) => ({ ...prev, ...patch }), replace }),
    [navigate],
  )
  const onSearch = useCallback(
    (q: string, refine: boolean) => patchSearch({ q: q || undefined }, refine),
    [patchSearch],
  )
  const filtered = Object.keys(filters).length > 0
  useEffect(() => {
    if (!search.create) return
    if (creating.allowed) setEditing({ kind: 'create' })
    patchSearch({ create: undefined }, true)
  }, [search.create, creating.allowed, patchSearch])

  return (
    <div className="space-y-4">
      <PageHeader
        title="Playlists"
        actions={
          <Button
            variant="primary"
            size="sm"
            unavailableReason={creating.reason}
            onClick={() => setEditing({ kind: 'create' })}
          >
            New playlist
          </Button>
        }
      />
      <div className="flex flex-wrap items-end gap-3">
        <SearchBox
          id="playlist-list-search"
          label="Search playlists by name"
          placeholder="Search by name"
          value={search.q ?? ''}
          onSearch={onSearch}
        />
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-900">
          Show
          <Select
            controlSize="sm"
            value={search.archived ? 'archived' : 'active'}
            onChange={(event) =>
              patchSearch({ archived: event.target.value === 'archived' || undefined })
            }
          >
            <option value="active">Active playlists</option>
            <option value="archived">Archived playlists</option>
          </Select>
        </label>
      </div>
      {!data ? (
        <PageSkeleton />
      ) : data.playlists.length === 0 ? (
        <EmptyState
          title={filtered ? 'No playlist matches.' : 'No playlists in this channel yet.'}
          action={
            filtered ? null : (
              <Button
                variant="primary"
                unavailableReason={creating.reason}
                onClick={() => setEditing({ kind: 'create' })}
              >
                New playlist
              </Button>
            )
          }
        />
      ) : (
        <StaleResults stale={isPlaceholderData}>
          <PlaylistTable
            playlists={data.playlists}
            onEdit={(playlist) => setEditing({ kind: 'edit', playlist })}
            onDelete={(playlist) => setEditing({ kind: 'delete', playlist })}
            editReason={updating.reason}
            deleteReason={deleting.reason}
          />
        </StaleResults>
      )}
      {hasNextPage ? (
        <LoadMoreButton loading={isFetchingNextPage} onLoadMore={fetchNextPage}>
          Show more playlists
        </LoadMoreButton>
      ) : null}
      {editing?.kind === 'create' ? (
        <PlaylistFormDialog
          title="New playlist"
          submitLabel="Create playlist"
          channelId={channelId}
          initial={{ name: '', description: '' }}
          onClose={() => setEditing(null)}
          onSubmit={async ({ name, description, videoIds }) => {
            const playlist = await create.mutateAsync({
              channel_id: channelId,
              name,
              description,
              ...(videoIds.length > 0 ? { video_ids: videoIds } : {}),
            })
            setEditing(null)
            toast(`Created “${playlist.name}”.`, { tone: 'success' })
            await navigate({
              to: '/playlists/$playlistId',
              params: { playlistId: playlist.id },
              search: (prev) => ({ channel: prev.channel }),
            })
          }}
        />
      ) : null}
      {editing?.kind === 'edit' ? (
        <PlaylistFormDialog
          title={`Edit “${editing.playlist.name}”`}
          submitLabel="Save changes"
          initial={{ name: editing.playlist.name, description: editing.playlist.description ?? '' }}
          onClose={() => setEditing(null)}
          onSubmit={async ({ name, description }) => {
            await update.mutateAsync({ id: editing.playlist.id, body: { name, description } })
            setEditing(null)
            toast('Saved.', { tone: 'success' })
          }}
        />
      ) : null}
      {editing?.kind === 'delete' ? (
        <ConfirmDialog
          title={`Delete “${editing.playlist.name}”?`}
          confirmLabel="Delete playlist"
          tone="danger"
          busy={remove.isPending}
          onCancel={() => setEditing(null)}
          onConfirm={() =>
            remove.mutate(editing.playlist.id, {
              onSuccess: () => {
                setEditing(null)
                toast(`Deleted “${editing.playlist.name}”.`, { tone: 'success' })
              },
              onError: (error) => {
                setEditing(null)
                toast(`Not deleted: ${error.message}`, { tone: 'danger' })
              },
            })
          }
        >
          The playlist goes for good, and the feeds that show it become empty. The videos stay in
          the library.
        </ConfirmDialog>
      ) : null}
    </div>
  )
}
