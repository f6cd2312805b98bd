// Installed by `npm run bench:playlist` as an init script, before the app's own scripts. While
// `window.__drag.recording` is true it keeps every animation frame's time, the most playlist rows
// mounted in any frame, and the long tasks that started. Plain browser JavaScript, read as text.
;(() => {
  if (window.__drag || window.top !== window) return
  const drag = { recording: false, frames: [], maxRows: 0, longTasks: [], startedAt: 0 }
  window.__drag = drag
  const rows = 'ul[aria-label^="Videos of"] li[data-id]'
  const frame = (time) => {
    if (drag.recording) {
      drag.frames.push(time)
      drag.maxRows = Math.max(drag.maxRows, document.querySelectorAll(rows).length)
    }
    requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (drag.recording && entry.startTime >= drag.startedAt)
          drag.longTasks.push(Math.round(entry.duration))
    }).observe({ type: 'longtask', buffered: true })
  } catch {
    // No long task timing in this browser: the figure stays empty.
  }
  drag.start = () => {
    drag.frames = []
    drag.longTasks = []
    drag.maxRows = document.querySelectorAll(rows).length
    drag.startedAt = performance.now()
    drag.recording = true
  }
  drag.stop = () => {
    drag.recording = false
    return { frames: drag.frames, maxRows: drag.maxRows, longTasks: drag.longTasks }
  }
})()
