import { useCallback, useEffect, useRef, useState } from 'react'

/** How long typing must pause before the address takes the search. */
export const ADDRESS_PAUSE_MS = 400

/**
 * The search a screen shows, ahead of its address. Each keystroke searches at once (the screen
 * lists `q`); the address takes the search only once typing pauses, because writing it renders
 * every matched route and makes Chromium read the page's icon again: work no keystroke should
 * wait on. A change of the address from elsewhere (Back, a link, a saved view) wins over a
 * search not yet written. `write` may be a new function each render: the latest is called.
 */
export function useSearchDraft(
  addressQ: string,
  write: (q: string, refine: boolean) => void,
): readonly [q: string, search: (q: string) => void] {
  const [draft, setDraft] = useState<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const written = useRef(addressQ)
  const address = useRef(addressQ)
  const latestWrite = useRef(write)
  latestWrite.current = write
  useEffect(() => {
    address.current = addressQ
    if (addressQ === written.current) {
      setDraft((typed) => (typed === addressQ ? null : typed))
      return
    }
    clearTimeout(timer.current)
    written.current = addressQ
    setDraft(null)
  }, [addressQ])
  // Leaving the screen mid-word drops the unwritten search rather than navigating back to it.
  useEffect(() => () => clearTimeout(timer.current), [])
  const search = useCallback((q: string) => {
    setDraft(q)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      if (q === address.current) return setDraft(null)
      // The first search from an unfiltered view is a new history entry, so Back restores that
      // view; later ones replace it.
      const refine = address.current !== ''
      written.current = q
      latestWrite.current(q, refine)
    }, ADDRESS_PAUSE_MS)
  }, [])
  return [draft ?? addressQ, search] as const
}
