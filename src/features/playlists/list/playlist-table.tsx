import { Link } from '@tanstack/react-router'
import type { Playlist } from '@/api/generated/types.gen'
import { Badge } from '@/components/ui/badge'
import { linkClasses } from '@/components/ui/control-styles'
import { Menu } from '@/components/ui/menu'
import { Cell, Row, Table } from '@/components/ui/table'
import { formatDateTime, formatVideoCount } from '@/lib/format'

// The channel's playlists, newest first. The count is of videos the feeds show now (the list's
// video_ids leave out deleted and unapproved ones).
export function PlaylistTable({
  playlists,
  onEdit,
  onDelete,
  editReason,
  deleteReason,
}: {
  playlists: readonly Playlist[]
  onEdit: (playlist: Playlist) => void
  onDelete: (playlist: Playlist) => void
  /** Why the account cannot edit or delete playlists, when it cannot. */
  editReason: string | undefined
  deleteReason: string | undefined
}) {
  return (
    <Table
      caption="Playlists, newest first"
      columns={[
        { label: 'Name' },
        { label: 'Live videos' },
        { label: 'Updated' },
        { label: 'Feed' },
        { label: 'Actions', hidden: true, className: 'w-12' },
      ]}
    >
      {playlists.map((playlist) => (
        <Row key={playlist.id} className="align-top">
          <Cell className="max-w-md">
            <Link
              to="/playlists/$playlistId"
              params={{ playlistId: playlist.id }}
              search={(prev) => ({ channel: prev.channel })}
              className={`font-medium break-words ${linkClasses}`}
            >
              {playlist.name}
            </Link>
            {playlist.description ? (
              <p className="line-clamp-2 text-slate-700">{playlist.description}</p>
            ) : null}
          </Cell>
          <Cell className="whitespace-nowrap">{formatVideoCount(playlist.video_ids.length)}</Cell>
          <Cell className="whitespace-nowrap">{formatDateTime(playlist.updated_at)}</Cell>
          <Cell>{playlist.ai_feed ? <Badge tone="info">AI feed</Badge> : null}</Cell>
          <Cell>
            <Menu
              label={`Actions for ${playlist.name}`}
              items={[
                {
                  label: 'Rename or edit description…',
                  onSelect: () => onEdit(playlist),
                  disabledReason: editReason,
                },
                {
                  label: 'Delete…',
                  onSelect: () => onDelete(playlist),
                  disabledReason: deleteReason,
                },
              ]}
            />
          </Cell>
        </Row>
      ))}
    </Table>
  )
}
