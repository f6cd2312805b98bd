import { startTransition, useEffect, useState } from 'react'

// Whether this page has shown the library's first screen yet: only the first is cut short.
let firstScreenShown = false

/**
 * The first `first` items at once and the rest in a render that yields to the browser, the first
 * time the library shows in this page. Two dozen cards in one render held the first card back by
 * the cards below the fold; later renders (searches, coming Back) show every item at once, so a
 * restored scroll position has its page.
 */
export function useFirstScreen<T>(items: T[], first: number): T[] {
  const [whole, setWhole] = useState(firstScreenShown)
  useEffect(() => {
    firstScreenShown = true
    if (!whole) startTransition(() => setWhole(true))
  }, [whole])
  return whole ? items : items.slice(0, first)
}
