import { useSyncExternalStore } from 'react'

// Set when the server answers 401 to a signed-in screen (the session expired or was ended
// elsewhere). The screen stays as it is, typed values and all, under a sign-in dialog.
let ended = false
const listeners = new Set<() => void>()

export function setSessionEnded(value: boolean) {
  if (value === ended) return
  ended = value
  for (const listener of listeners) listener()
}

export function useSessionEnded(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => ended,
    // A server render is one visitor's first screen: a 401 there redirects, and the flag is the
    // server process's, shared by every visitor, so it is never read there.
    () => false,
  )
}
