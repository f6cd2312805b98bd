import { useShortcuts } from '@/components/ui/shortcuts'

// The playlist's keys, in the ? help. `x` chooses the video whose row has focus; the others are the
// sortable list's, on a row's drag handle.
export function usePlaylistShortcuts(toggle: (id: string, extend: boolean) => void) {
  useShortcuts('Playlist', [
    {
      keys: ['x'],
      description: 'Select or unselect the video whose row has focus',
      onKey: () => {
        const row = document.activeElement?.closest('li[data-id]')
        const id = row?.getAttribute('data-id')
        if (id) toggle(id, false)
      },
    },
    { keys: [' ', 'Enter'], description: 'On a drag handle: lift the video, then drop it' },
    { keys: ['ArrowUp', 'ArrowDown'], description: 'While lifted: move it up or down' },
    { keys: ['Escape'], description: 'While lifted: put it back' },
  ])
}
