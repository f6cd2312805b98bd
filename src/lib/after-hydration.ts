// Kept apart from ./hydration (which needs React) so the page's first script can register a
// callback without loading React before the first frame.
const callbacks = new Set<() => void>()

/** Runs `callback` once the server's markup has been hydrated and the page is idle. */
export function afterHydration(callback: () => void) {
  callbacks.add(callback)
}

export function runAfterHydration() {
  for (const callback of callbacks) callback()
  callbacks.clear()
}
