import { startTransition, useEffect, useState } from 'react'

/**
 * The first `first` items at once and the rest in a render that yields to the browser, each time
 * the library mounts, unless `whole` (it was reached through the history, whose scroll position is
 * restored and needs every item there). Two dozen cards in one render held the first card back on
 * the page's first load, and a click on the library's link by as much. Later renders of a mounted
 * library (searches, filters) show every item at once.
 */
export function useFirstScreen<T>(items: T[], first: number, whole: boolean): T[] {
  const [rendered, setRendered] = useState(whole)
  useEffect(() => {
    if (!rendered) startTransition(() => setRendered(true))
  }, [rendered])
  return rendered ? items : items.slice(0, first)
}
