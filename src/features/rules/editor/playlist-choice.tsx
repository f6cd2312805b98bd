import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Playlist } from '@/api/generated/types.gen'
import { playlistListQuery, playlistQuery } from '@/api/queries/playlists'
import { Combobox } from '@/components/ui/combobox'
import { useLockReason } from './edit-lock'
import { Words } from './locked-inputs'

// The playlist an action adds to or removes from: the channel's playlists by name, as the
// playlists screen finds them. The chosen one is named under the box.
export function PlaylistChoice({
  id,
  channelId,
  value,
  onChange,
  error,
}: {
  id: string
  channelId: string
  value: string
  onChange: (playlistId: string) => void
  error: string | undefined
}) {
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const lock = useLockReason()
  const list = useInfiniteQuery({
    ...playlistListQuery(channelId, { q: text.trim() || undefined, archived: false }),
    enabled: open && !lock,
    placeholderData: keepPreviousData,
  })
  const chosen = useQuery({ ...playlistQuery(value), enabled: value !== '' })
  const name = chosen.data?.name ?? (chosen.isError ? 'A playlist that cannot be read' : value)
  if (lock) return <Words id={id} label="Playlist" value={name} error={error} />
  const playlists = list.data?.playlists ?? []
  return (
    <div className="min-w-64 flex-1">
      <Combobox<Playlist>
        id={id}
        label="Playlist"
        hint={value ? `Chosen: ${name}` : 'Type to find a playlist of this channel.'}
        error={error}
        inputValue={text}
        onInputValueChange={setText}
        onOpenChange={setOpen}
        items={playlists}
        itemKey={playlistKey}
        renderItem={renderPlaylist}
        selected={value ? [value] : []}
        onPick={(playlist) => {
          onChange(playlist.id)
          setText('')
        }}
        listLabel="Playlists of this channel"
        stale={list.isPlaceholderData}
        status={
          !open
            ? null
            : list.isError
              ? `Playlists cannot be listed: ${list.error.message}`
              : list.isSuccess && playlists.length === 0
                ? 'No playlist matches.'
                : null
        }
      />
    </div>
  )
}

const playlistKey = (playlist: Playlist) => playlist.id
const renderPlaylist = (playlist: Playlist, { selected }: { selected: boolean }) => (
  <span className="flex flex-1 items-center justify-between gap-2">
    <span>{playlist.name}</span>
    {selected ? <span className="text-slate-700">chosen</span> : null}
  </span>
)
