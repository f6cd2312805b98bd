import { Link } from '@tanstack/react-router'
import type { Playlist } from '@/api/generated/types.gen'
import { Badge } from '@/components/ui/badge'
import { linkClasses } from '@/components/ui/control-styles'
import { Menu } from '@/components/ui/menu'
import { Table } from '@/components/ui/table'
import { formatDateTime, formatVideoCount } from '@/lib/format'

// The channel's playlists, newest first. The count is of videos the feeds show now (the list's
// video_ids leave out deleted and unapproved ones).
export function PlaylistTable({
  playlists,
  onEdit,
  onDelete,
}: {
  playlists: readonly Playlist[]
  onEdit: (playlist: Playlist) => void
  onDelete: (playlist: Playlist) => void
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
        <tr key={playlist.id} className="border-b border-slate-100 align-top">
          <td className="max-w-md p-2">
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
          </td>
          <td className="p-2 whitespace-nowrap">{formatVideoCount(playlist.video_ids.length)}</td>
          <td className="p-2 whitespace-nowrap">{formatDateTime(playlist.updated_at)}</td>
          <td className="p-2">{playlist.ai_feed ? <Badge tone="info">AI feed</Badge> : null}</td>
          <td className="p-2">
            <Menu
              label={`Actions for ${playlist.name}`}
              items={[
                { label: 'Rename or edit description…', onSelect: () => onEdit(playlist) },
                { label: 'Delete…', onSelect: () => onDelete(playlist) },
              ]}
            />
          </td>
        </tr>
      ))}
    </Table>
  )
}
