import { useEffect, useState } from 'react'

/** Whole seconds left until `at` (ms), recounted every second while shown; 0 once it passes. */
export function useSecondsUntil(at: number) {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  return Math.max(0, Math.ceil((at - now) / 1000))
}
