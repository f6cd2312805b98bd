// Uppy turns every XHR progress event into a state update and a Dashboard render. Browsers fire
// one per request about every 50 ms, so six parts in flight kept the page's main thread busy
// enough to slow the upload itself (bench:upload). Progress is instead collected per request and
// delivered for all requests at once every `intervalMs`: the calls land in one task, and Uppy's
// microtask-debounced render draws them as one frame.

type ProgressEvent = { loaded: number; lengthComputable: boolean }
type Listener = (event: ProgressEvent) => void

export function createProgressBatcher(intervalMs = 250) {
  const pending = new Map<Listener, ProgressEvent>()
  let scheduled = false

  const flush = () => {
    scheduled = false
    const batch = [...pending]
    pending.clear()
    for (const [listener, event] of batch) listener(event)
  }

  return {
    /** A listener that reports to `listener` at most once per interval (the latest event). */
    wrap(listener: Listener): Listener {
      return (event) => {
        pending.set(listener, { loaded: event.loaded, lengthComputable: event.lengthComputable })
        if (scheduled) return
        scheduled = true
        setTimeout(flush, intervalMs)
      }
    },
    /** Delivers the latest event of `listener` now (a request ended: its last bytes count). */
    settle(listener: Listener) {
      const event = pending.get(listener)
      if (!event) return
      pending.delete(listener)
      listener(event)
    },
  }
}
