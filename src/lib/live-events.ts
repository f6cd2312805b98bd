import { useSyncExternalStore } from 'react'
import type { ServiceEvent } from '@/api/service-event'
import { readServiceEventFrame } from '@/api/service-event-frame'

export type LiveStatus = 'connecting' | 'live' | 'offline'
type Listener = (event: ServiceEvent | 'reset') => void

const listeners = new Set<Listener>()
const statusListeners = new Set<() => void>()
let status: LiveStatus = 'connecting'
let source: EventSource | null = null
// The last event seen is kept for the tab across reloads, so a reloaded page asks for what
// happened while it loaded (an import finishing, say) instead of missing it.
const lastEventKey = 'live-events:last-event-id'
let lastEventId = readLastEventId()
let attempt = 0
let retry: ReturnType<typeof setTimeout> | undefined

const setStatus = (next: LiveStatus) => {
  if (next === status) return
  status = next
  for (const listener of statusListeners) listener()
}
const emit = (event: ServiceEvent | 'reset') => {
  for (const listener of listeners) listener(event)
}

/** Applies a `service` frame's data, or `null` for a reset. */
const emitFrame = (data: string | null) => {
  if (data === null) return emit('reset')
  // Not an event this app knows: nothing to apply.
  const event = readServiceEventFrame(data)
  if (event) emit(event)
}

// The server's event stream, opened once for the app. After a drop it reconnects with growing
// waits (1 s, 2 s, 4 s … 30 s) and asks for what it missed since the last event it saw.
function connect() {
  clearTimeout(retry)
  const url = lastEventId ? `/events?lastEventId=${encodeURIComponent(lastEventId)}` : '/events'
  const stream = new EventSource(url)
  source = stream
  stream.onopen = () => {
    attempt = 0
    setStatus('live')
  }
  stream.addEventListener('service', (message) => {
    rememberEventId(message.lastEventId)
    emitFrame(message.data)
  })
  stream.addEventListener('ready', (message) => {
    rememberEventId(message.lastEventId)
  })
  stream.addEventListener('reset', () => emitFrame(null))
  stream.onerror = () => {
    stream.close()
    if (source !== stream) return
    setStatus('offline')
    // A stream that was down may have missed events the server no longer holds.
    const wait = Math.min(30_000, 1000 * 2 ** attempt++)
    retry = setTimeout(connect, wait)
  }
}

function readLastEventId() {
  try {
    return sessionStorage.getItem(lastEventKey) ?? ''
  } catch {
    return ''
  }
}

function rememberEventId(id: string) {
  if (!id) return
  lastEventId = id
  try {
    sessionStorage.setItem(lastEventKey, id)
  } catch {
    // Storage refused (private mode, quota): the id is kept for this page only.
  }
}

let running = false

function goOffline() {
  source?.close()
  source = null
  clearTimeout(retry)
  setStatus('offline')
}

function comeBack() {
  attempt = 0
  connect()
}

/** Opens the stream while a signed-in screen is shown; idempotent. */
export function startLiveEvents() {
  if (running || typeof EventSource === 'undefined') return
  running = true
  connect()
  // A stream may outlive the network without noticing: going offline closes it, coming back
  // reconnects at once and catches up from the last event seen.
  addEventListener('offline', goOffline)
  addEventListener('online', comeBack)
}

/** Closes the stream (signing out, or the session ended); polling takes over meanwhile. */
export function stopLiveEvents() {
  if (!running) return
  running = false
  removeEventListener('offline', goOffline)
  removeEventListener('online', comeBack)
  const stream = source
  source = null
  stream?.close()
  clearTimeout(retry)
  setStatus('offline')
}

export function subscribeLiveEvents(listener: Listener) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (onChange) => {
      statusListeners.add(onChange)
      return () => statusListeners.delete(onChange)
    },
    () => status,
    () => status,
  )
}

/**
 * A polling interval that applies while live updates are down (they replace polling), and while
 * they are up, `whileLive` if given: a safety net for what an event would have said.
 */
export function usePollInterval(ms: number, whileLive: number | false = false): number | false {
  return useLiveStatus() === 'live' ? whileLive : ms
}
