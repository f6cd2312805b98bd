import { useEffect, useRef } from 'react'

// The keys dnd-kit's keyboard sensor drops with (its defaults).
const dropKeys = new Set(['Space', 'Enter', 'Tab'])

/**
 * Calls `onLetGo` as a drag is let go (the mouse button or finger lifted, a drop key pressed),
 * before dnd-kit hears of it: listened to on the window in the capture phase, so it runs ahead of
 * dnd-kit's listeners and of the render of the drop they start.
 */
export function useLetGo(dragging: boolean, onLetGo: (() => void) | undefined) {
  const latest = useRef(onLetGo)
  latest.current = onLetGo
  useEffect(() => {
    if (!dragging) return
    const letGo = (event: Event) => {
      if (event instanceof KeyboardEvent && !dropKeys.has(event.code)) return
      latest.current?.()
    }
    const events = ['mouseup', 'touchend', 'keydown'] as const
    for (const name of events) window.addEventListener(name, letGo, { capture: true })
    return () => {
      for (const name of events) window.removeEventListener(name, letGo, { capture: true })
    }
  }, [dragging])
}
