/**
 * Focuses `element` at once, and brings it into view (the least scroll that shows it) only in the
 * frame after, if it is not in view. `focus()` with scrolling measures the page's layout then and
 * there, before the change that moved the focus is painted: on every key of a review (bench:review).
 * Returns a cancel for an effect's cleanup.
 */
export function focusThenReveal(element: HTMLElement | null): () => void {
  if (!element) return () => {}
  element.focus({ preventScroll: true })
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      const box = element.getBoundingClientRect()
      if (box.top < 0 || box.bottom > window.innerHeight)
        element.scrollIntoView({ block: 'nearest' })
    })
  })
  return () => cancelAnimationFrame(frame)
}
