import { useLocation } from '@tanstack/react-router'
import { useEffect } from 'react'
import { isSectionId } from '../sections'

/**
 * Opening the page with a section's hash (`#subtitles`) shows that section: the page renders
 * after its data loads, past the moment the browser looks for the hash's element.
 */
export function useScrollToHash() {
  const hash = useLocation({ select: (location) => location.hash })
  // Once, on arrival; later moves between sections are the router's (links, Back).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the hash the page opened with
  useEffect(() => {
    if (!isSectionId(hash)) return
    const frame = requestAnimationFrame(() =>
      document.getElementById(hash)?.scrollIntoView({ block: 'start' }),
    )
    return () => cancelAnimationFrame(frame)
  }, [])
}
