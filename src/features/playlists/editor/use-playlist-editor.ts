import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react'
import type { Playlist } from '@/api/generated/types.gen'
import { playlistKeys } from '@/api/queries/playlists'
import { useToast } from '@/components/ui/toast'
import { type PlaylistChange, undoOf } from './playlist-changes'
import { playlistService } from './playlist-service'
import { createPlaylistWriter } from './playlist-writer'
import { saveFailureMessage } from './save-failure'

const changeToast = 'playlist-change'

/** What a change's confirmation says, and what its Undo names ("move of “Intro” to 3"). */
export interface ChangeWords {
  done: string
  undo: string
}

/**
 * The playlist being edited: what to show, and `change` to make a change, which shows at once,
 * is saved in order, and can be undone from its confirmation.
 */
export function usePlaylistEditor(playlist: Playlist) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const [writer] = useState(() =>
    createPlaylistWriter(playlist, playlistService(playlist.id), {
      onSaved: (stored) => {
        queryClient.setQueryData(playlistKeys.detail(playlist.id), stored as Playlist)
        void queryClient.invalidateQueries({ queryKey: playlistKeys.publicVideosOf(playlist.id) })
        void queryClient.invalidateQueries({ queryKey: playlistKeys.lists() })
      },
      // Replaces the change's confirmation: a refused change reads as one message, without an Undo.
      onFailed: (error) => toast(saveFailureMessage(error), { tone: 'danger', kind: changeToast }),
    }),
  )
  // A refetch (another tab, a window refocus) is taken when nothing of ours waits to be saved.
  useEffect(() => writer.adopt(playlist), [writer, playlist])
  const snapshot = useSyncExternalStore(writer.subscribe, writer.getSnapshot)

  // One toast for the playlist's changes, updated by each: its Undo undoes the latest, and says so.
  const change = useCallback(
    (next: PlaylistChange, words: ChangeWords) => {
      const before = writer.getSnapshot().shown
      writer.apply(next)
      toast(words.done, {
        tone: 'info',
        kind: changeToast,
        action: {
          label: 'Undo',
          name: `Undo ${words.undo}`,
          onAction: () => writer.apply(undoOf(before, next)),
        },
      })
    },
    [writer, toast],
  )
  return {
    snapshot,
    change,
    resolveConflict: writer.resolveConflict,
    readAhead: writer.readAhead,
  }
}
