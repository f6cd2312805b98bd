import { startTransition, useEffect, useState } from 'react'

// Longer than the gap between two keys of someone typing a word.
const typingPauseMs = 200

/**
 * Whether `value` has stayed the same for a typing pause (200 ms): false while it keeps changing,
 * as what is typed does from key to key. The change back to true is a transition, so it never
 * holds up a key.
 */
export function useHasStood(value: unknown): boolean {
  const [stood, setStood] = useState(value)
  useEffect(() => {
    if (Object.is(stood, value)) return
    const timer = setTimeout(() => startTransition(() => setStood(() => value)), typingPauseMs)
    return () => clearTimeout(timer)
  }, [value, stood])
  return Object.is(stood, value)
}
