import { startTransition, useEffect, useState } from 'react'

/**
 * False in the first render, then true in a render that yields to the browser: for a part of a
 * screen heavy enough to hold back the click that opened it, which then paints the screen first.
 */
export function useDrawnLater(): boolean {
  const [later, setLater] = useState(false)
  useEffect(() => {
    if (!later) startTransition(() => setLater(true))
  }, [later])
  return later
}
