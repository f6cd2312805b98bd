// Runs `work` once the next frame has been painted: a requestAnimationFrame callback runs just
// before the frame's style, layout and paint, and a task queued from it runs after them. Returns
// a function that cancels the work if it has not run yet.
export function afterNextPaint(work: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function') {
    const timer = setTimeout(work, 0)
    return () => clearTimeout(timer)
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    if (timer !== undefined) clearTimeout(timer)
  }
}
