import { useEffect, useState } from 'react'

// The time a server render showed. Hydration must render what the server rendered, and a video
// scheduled between the two would otherwise read "Scheduled" in the HTML and "Live" in the
// browser: a mismatch that throws the server's markup away. After hydration, the real time.
let serverRenderedAt: number | null = null
const hydratedCallbacks = new Set<() => void>()

export function setServerRenderedAt(ms: number | null) {
  serverRenderedAt = ms
}

/** Now, as the server saw it while hydrating its markup, and this browser's now afterwards. */
export function useRenderNow(): number {
  const [hydrating] = useState(() => serverRenderedAt !== null)
  const [now, setNow] = useState(() => serverRenderedAt ?? Date.now())
  useEffect(() => {
    if (hydrating) setNow(Date.now())
  }, [hydrating])
  return now
}

/** Runs `callback` once the server's markup has been hydrated and the page is idle. */
export function afterHydration(callback: () => void) {
  hydratedCallbacks.add(callback)
}

/** Placed last in the tree: its effect runs after every other one of the first render. */
export function HydrationDone() {
  useEffect(() => {
    // The routes' content sits in Suspense boundaries, which React hydrates after this first
    // commit, each in a render of its own: the server's time and the callbacks last until the
    // page is idle.
    const run = () => {
      setServerRenderedAt(null)
      for (const callback of hydratedCallbacks) callback()
      hydratedCallbacks.clear()
    }
    if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 1000 })
    else setTimeout(run, 100)
  }, [])
  return null
}
