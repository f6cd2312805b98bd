import type { RefObject } from 'react'
import { useShortcuts } from '@/components/ui/shortcuts'

// The library's keys, in the shortcuts help. `/` works anywhere outside a text field; the others
// work on the focused video (library-items.ts handles them there).
export function useLibraryShortcuts(searchRef: RefObject<HTMLInputElement | null>) {
  useShortcuts('Video library', [
    {
      keys: ['/'],
      description: 'Search captions',
      onKey: () => {
        searchRef.current?.focus()
        searchRef.current?.select()
      },
    },
    { keys: ['j', 'ArrowDown', 'ArrowRight'], description: 'Next video' },
    { keys: ['k', 'ArrowUp', 'ArrowLeft'], description: 'Previous video' },
    { keys: ['Home', 'End'], description: 'First or last video shown' },
    { keys: ['x'], description: 'Select or unselect the video' },
    { keys: ['Enter'], description: 'Open the video' },
  ])
}
