import { PlaylistEditor } from '@/features/playlists/editor/playlist-editor'
import type { RowActions } from '@/features/playlists/editor/playlist-video-row'

const noActions = (playlistId: string): RowActions => ({
  playlistId,
  toggle: () => {},
  remove: () => {},
  pin: () => {},
  removeReason: undefined,
  pinReason: undefined,
})

/** The playlist's editor alone: its rows in `order`, nothing selected or pinned, no handlers. */
export function BareEditor({
  playlistId,
  name,
  order,
}: {
  playlistId: string
  name: string
  order: string[]
}) {
  return (
    <PlaylistEditor
      name={name}
      order={order}
      pinned={new Set()}
      canPin={false}
      selection={new Set()}
      actions={noActions(playlistId)}
      onMove={() => {}}
      height={600}
      moveReason={undefined}
    />
  )
}
