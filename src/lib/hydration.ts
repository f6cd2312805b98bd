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

/** Runs `callback` once the server's markup has been hydrated, after every effect of that render. */
export function afterHydration(callback: () => void) {
  hydratedCallbacks.add(callback)
}

/** Placed last in the tree: its effect runs after every other one of the hydrating render. */
export function HydrationDone() {
  useEffect(() => {
    setServerRenderedAt(null)
    for (const callback of hydratedCallbacks) callback()
    hydratedCallbacks.clear()
  }, [])
  return null
}
