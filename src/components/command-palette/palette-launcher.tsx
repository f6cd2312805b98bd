import { Search } from 'lucide-react'
import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { buttonClasses } from '../ui/button'
import { Kbd } from '../ui/kbd'
import { useShortcuts } from '../ui/shortcuts'

const loadPalette = () => import('./command-palette')
// Not on the first screen: fetched when the launcher is pointed at or focused, or on Ctrl+K.
const CommandPalette = lazy(loadPalette)

const isPaletteKey = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k'

/** The top bar's search button, and Ctrl+K (⌘K on a Mac) from anywhere, text fields included. */
export function PaletteLauncher() {
  const [open, setOpen] = useState(false)
  const close = useCallback(() => setOpen(false), [])
  useShortcuts('Everywhere', [
    { keys: ['Ctrl+K', '⌘+K'], description: 'Search or go to: screens, videos, products, actions' },
  ])
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteKey(event)) return
      event.preventDefault()
      setOpen((wasOpen) => !wasOpen)
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadPalette()}
        onFocus={() => void loadPalette()}
        className={`${buttonClasses('secondary', 'sm')} min-w-0 justify-start text-slate-700 md:w-72`}
      >
        <Search aria-hidden="true" className="size-4 shrink-0" />
        <span className="sr-only truncate md:not-sr-only">Search or go to…</span>
        <span aria-hidden="true" className="ml-auto hidden gap-0.5 md:flex">
          <Kbd>Ctrl</Kbd>
          <Kbd>K</Kbd>
        </span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <CommandPalette onClose={close} />
        </Suspense>
      ) : null}
    </>
  )
}
