// Installed by `npm run bench:playlist` as an init script, before the app's own scripts. While
// `window.__drag.recording` is true it keeps every animation frame's time, the most playlist rows
// mounted in any frame, the long tasks that started, and the long animation frames with the
// scripts that ran in them (what a long task was), and how many videos' details were read one
// video at a time (GET /api/v1/videos/{id}). Plain browser JavaScript, read as text.
;(() => {
  if (window.__drag || window.top !== window) return
  const drag = {
    recording: false,
    frames: [],
    maxRows: 0,
    longTasks: [],
    longFrames: [],
    detailReads: 0,
    startedAt: 0,
  }
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
  const takeLongTasks = (entries) => {
    for (const entry of entries)
      if (drag.recording && entry.startTime >= drag.startedAt)
        drag.longTasks.push(Math.round(entry.duration))
  }
  const takeLongFrames = (entries) => {
    for (const entry of entries)
      if (drag.recording && entry.startTime >= drag.startedAt && entry.duration > 50)
        drag.longFrames.push({
          at: Math.round(entry.startTime - drag.startedAt),
          duration: Math.round(entry.duration),
          scripts: entry.scripts.map(
            (script) =>
              `${script.invoker} ${script.sourceFunctionName || ''} ${Math.round(script.duration)} ms`,
          ),
        })
  }
  // Entries reach an observer's callback some time after their task; `stop` takes those not yet
  // delivered, so the drop's own task counts in every run, not only when its callback came first.
  const observers = []
  const observe = (type, take) => {
    try {
      const observer = new PerformanceObserver((list) => take(list.getEntries()))
      observer.observe({ type, buffered: true })
      observers.push(() => take(observer.takeRecords()))
    } catch {
      // Not in this browser: the figure stays empty (long tasks) or unnamed (long frames).
    }
  }
  observe('longtask', takeLongTasks)
  observe('long-animation-frame', takeLongFrames)
  // An observer, not the resource timing buffer, which stops at 250 entries.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (drag.recording && /^\/api\/v1\/videos\/[^/]+$/.test(new URL(entry.name).pathname))
        drag.detailReads++
  }).observe({ type: 'resource' })
  drag.start = () => {
    drag.detailReads = 0
    drag.frames = []
    drag.longTasks = []
    drag.longFrames = []
    drag.maxRows = document.querySelectorAll(rows).length
    drag.startedAt = performance.now()
    drag.recording = true
  }
  drag.stop = () => {
    for (const take of observers) take()
    drag.recording = false
    return {
      frames: drag.frames,
      maxRows: drag.maxRows,
      longTasks: drag.longTasks,
      longFrames: drag.longFrames,
      detailReads: drag.detailReads,
    }
  }
})()
