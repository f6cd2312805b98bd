import { useNavigate } from '@tanstack/react-router'
import { type MouseEvent, useRef, useState } from 'react'
import { afterNextPaint } from '@/lib/after-paint'
import type { Area } from './areas'

const opensHere = (event: MouseEvent) =>
  !event.defaultPrevented &&
  event.button === 0 &&
  !event.metaKey &&
  !event.ctrlKey &&
  !event.shiftKey &&
  !event.altKey

/**
 * A work area's link answers its click in the next frame: the link shows as chosen at once and
 * the area opens once that frame is painted (decision 0035). A click with a modifier (a new tab
 * or window) is left to the browser. The navigation is not cancelled when the links unmount: the
 * drawer closes on the click that opens an area.
 */
export function useOpenAfterPaint() {
  const navigate = useNavigate()
  const [pendingTo, setPendingTo] = useState<Area['to'] | null>(null)
  const cancelPrevious = useRef<() => void>(() => {})
  const open = (event: MouseEvent<HTMLAnchorElement>, to: Area['to']) => {
    if (!opensHere(event)) return
    event.preventDefault()
    cancelPrevious.current()
    setPendingTo(to)
    cancelPrevious.current = afterNextPaint(() => {
      void navigate({ to }).finally(() => setPendingTo(null))
    })
  }
  return { pendingTo, open }
}
