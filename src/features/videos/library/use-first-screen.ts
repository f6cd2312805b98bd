import { useElementScrollRestoration } from '@tanstack/react-router'
import { startTransition, useEffect, useState } from 'react'

/**
 * The first `first` items at once and the rest in a render that yields to the browser: two dozen
 * cards in one render held the first card, and a click on the library's link, back by the cards
 * below the fold. With `allAtOnce` (the page is coming back to a place scrolled down), every item
 * shows in the first render, so the restored scroll position has its page. Later renders
 * (searches) show every item.
 */
export function useFirstScreen<T>(items: T[], first: number, allAtOnce: boolean): T[] {
  const [whole, setWhole] = useState(allAtOnce)
  useEffect(() => {
    if (!whole) startTransition(() => setWhole(true))
  }, [whole])
  return whole ? items : items.slice(0, first)
}

const pageWindow = () => (typeof window === 'undefined' ? null : window)

/** Whether the router is about to scroll this page down to where it was left (Back, a reload). */
export function useReturnsScrolledDown(): boolean {
  return (useElementScrollRestoration({ getElement: pageWindow })?.scrollY ?? 0) > 0
}
