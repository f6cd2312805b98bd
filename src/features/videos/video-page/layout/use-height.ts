import { type RefObject, useEffect, useState } from 'react'

/** The element's height in pixels, followed as it changes (wrapping, a phone turned). */
export function useHeight(ref: RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(0)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    setHeight(element.offsetHeight)
    // happy-dom and old browsers have no ResizeObserver: the first height then stands.
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight))
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref])
  return height
}
