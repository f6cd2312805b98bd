/**
 * Focuses `element`, then brings it into view (the least scroll that shows it) if it is out of
 * view. Called as a key moves the focus, before the page changes: its layout is then still the
 * last frame's, so measuring it costs nothing, where `focus()` with its own scrolling, called after
 * the change, laid the page out inside the key's task. Measuring in a later animation frame
 * instead drew one more frame after every key (bench:review, decision to painted p50 about 2 ms).
 */
export function focusThenReveal(element: HTMLElement | null): void {
  if (!element) return
  element.focus({ preventScroll: true })
  const box = element.getBoundingClientRect()
  if (box.top < 0 || box.bottom > window.innerHeight) element.scrollIntoView({ block: 'nearest' })
}
