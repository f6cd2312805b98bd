import { type KeyboardEvent as ReactKeyboardEvent, useCallback, useRef, useState } from 'react'
import type { KeyMap, ReviewAction } from '@/api/review'
import { codeLabel, type KeyboardLayout } from '@/components/ui/key-labels'
import { actionWords, chordOf, refusalOf } from './key-map'

/** What the dialog says about one action's key: the key refused, with why. */
export type Refusals = Partial<Record<ReviewAction, string>>

// "Change" on an action waits for the next key pressed on its button: a key the browser or the
// screen needs is refused with the reason and another awaited; Escape or Tab stop waiting (both
// are the screen's own, so they are refused too, and Tab still moves on).
export function useKeyCapture({
  draft,
  layout,
  onChange,
}: {
  draft: KeyMap
  layout: KeyboardLayout | null
  onChange: (action: ReviewAction, chord: string) => void
}) {
  const [capturing, setCapturing] = useState<ReviewAction | null>(null)
  const [refusals, setRefusals] = useState<Refusals>({})
  const [status, setStatus] = useState('')
  // Escape that ends the wait must not also close the dialog (its cancel follows in the same task).
  const escapeTaken = useRef(false)

  const refuse = (action: ReviewAction, refusal: string | null) =>
    setRefusals((all) => ({ ...all, [action]: refusal ?? undefined }))

  const start = useCallback(
    (action: ReviewAction) => {
      setCapturing(action)
      setStatus(
        `Press the new key for ${actionWords[action]}, or Escape to keep ${codeLabel(draft[action], layout)}.`,
      )
    },
    [draft, layout],
  )

  const stop = useCallback(() => setCapturing(null), [])

  const onKeyDown = (action: ReviewAction, event: ReactKeyboardEvent) => {
    if (capturing !== action) return
    const chord = chordOf(event.nativeEvent)
    if (chord === null) return
    const kept = `Kept ${codeLabel(draft[action], layout)} for ${actionWords[action]}.`
    const refusal = refusalOf(chord, layout)
    if (event.key !== 'Tab') event.preventDefault()
    event.stopPropagation()
    if (chord === 'Escape') {
      escapeTaken.current = true
      setTimeout(() => {
        escapeTaken.current = false
      }, 0)
    }
    if (chord === 'Tab' || chord === 'Shift+Tab' || chord === 'Escape') {
      setCapturing(null)
      refuse(action, refusal)
      setStatus(`${refusal} ${kept}`)
      return
    }
    if (refusal) {
      refuse(action, refusal)
      setStatus(
        `${refusal} Press another key, or Escape to keep ${codeLabel(draft[action], layout)}.`,
      )
      return
    }
    setCapturing(null)
    refuse(action, null)
    onChange(action, chord)
    setStatus(`${actionWords[action]}: now ${codeLabel(chord, layout)}.`)
  }

  /** Whether the Escape closing the dialog just ended a wait for a key instead. */
  const tookEscape = () => escapeTaken.current

  return { capturing, refusals, status, setStatus, start, stop, onKeyDown, tookEscape }
}
